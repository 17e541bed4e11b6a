import { COACH_TEXTS } from '../../../components/coach/coach-texts.ts';
import { PhoneText } from '../../../components/coach/phone-text.tsx';

/** The four help cards: what the call covers, how to prepare, when you can book, several reports. */
export function CoachHelpCards() {
  return (
    <section className="coach-help" aria-labelledby="coach-help-title">
      <h2 id="coach-help-title">{COACH_TEXTS.helpTitle}</h2>
      <ul className="card-grid coach-help-cards">
        {COACH_TEXTS.help.map((card) => (
          <li key={card.title} className="card">
            <h3>{card.title}</h3>
            <p>
              <PhoneText text={card.body} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
