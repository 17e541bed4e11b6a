import { formatCoachTime, type Kit } from '@portal/domain';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useBookCoach, useCoachBookings, useCoachSlots } from '../../lib/coach-api.ts';
import { errorText } from '../../lib/error-text.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { COACH_TEXTS } from './coach-texts.ts';
import { groupSlotsByDay } from './coach-time.ts';
import { PhoneText } from './phone-text.tsx';

/**
 * The built-in scheduler: the kit's current booking, a day, then a time of that day as a radio group
 * (Brisbane time), and 'Book this time'. Booking again moves the call.
 */
export function CoachScheduler({ kit }: { kit: Kit }) {
  const id = useId();
  const slots = useCoachSlots();
  const bookings = useCoachBookings();
  const book = useBookCoach(kit.id);
  const days = useMemo(() => groupSlotsByDay(slots.data ?? []), [slots.data]);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const booking = bookings.data?.find((b) => b.kitId === kit.id);
  const day = days.find((d) => d.key === dayKey) ?? days[0];
  // Right after booking, the confirmation already says when the call is.
  const justBooked = book.isSuccess && booking?.startsAt === book.data.startsAt;
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // The busy button loses focus while booking; afterwards focus goes to the confirmation or, after a
  // refusal, back to the button, so it stays in the dialog (and Escape still closes it).
  useEffect(() => {
    if (book.status === 'success') summaryRef.current?.focus();
    if (book.status === 'error') submitRef.current?.focus();
  }, [book.status]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      setMissing(true);
      return;
    }
    book.mutate(selected, {
      onSuccess: () => setSelected(null),
      // A taken or no longer offered time is gone from the refreshed list; choose again.
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 400 || error.status === 409)) setSelected(null);
      },
    });
  }

  return (
    <>
      <div ref={summaryRef} tabIndex={-1} className="modal-step">
        <StatusMessage>{book.isSuccess ? book.data.message : null}</StatusMessage>
        {booking && justBooked ? <p>{COACH_TEXTS.moveHint}</p> : null}
        {booking && !justBooked ? (
          <p className="coach-current-booking">
            {COACH_TEXTS.currentBooking}{' '}
            <time dateTime={booking.startsAt}>{formatCoachTime(booking.startsAt)}</time>{' '}
            {COACH_TEXTS.brisbaneTime}. {COACH_TEXTS.moveHint}
          </p>
        ) : null}
      </div>
      {slots.isPending ? <Loading /> : null}
      {slots.isError ? <Alert tone="error">{errorText(slots.error)}</Alert> : null}
      {slots.isSuccess && !day ? (
        <p>
          <PhoneText text={COACH_TEXTS.noSlots} />
        </p>
      ) : null}
      {day ? (
        <form noValidate aria-label={COACH_TEXTS.bookingTitle} onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-day`}>{COACH_TEXTS.day}</label>
            <select
              id={`${id}-day`}
              value={day.key}
              onChange={(event) => {
                setDayKey(event.target.value);
                setSelected(null);
              }}
            >
              {days.map((d) => (
                <option key={d.key} value={d.key}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="coach-slots" aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend>{COACH_TEXTS.timesOn(day.label)}</legend>
            <div className="coach-slot-grid">
              {day.slots.map((slot) => (
                <label key={slot.startsAt} className="coach-slot">
                  <input
                    type="radio"
                    name={`${id}-slot`}
                    value={slot.startsAt}
                    checked={selected === slot.startsAt}
                    onChange={() => {
                      setSelected(slot.startsAt);
                      setMissing(false);
                    }}
                  />
                  {slot.time}
                </label>
              ))}
            </div>
          </fieldset>
          {missing ? (
            <p id={`${id}-missing`} className="field-error" role="alert">
              {COACH_TEXTS.chooseTime}
            </p>
          ) : null}
          {book.isError ? <Alert tone="error">{errorText(book.error)}</Alert> : null}
          <div className="form-actions">
            <Button ref={submitRef} type="submit" busy={book.isPending}>
              {COACH_TEXTS.book}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}
