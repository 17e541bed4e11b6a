/**
 * Texts of the Microbiome Coach page and the booking modal. The spec's own sentences (research §1 and
 * §9, consumer §9) are kept word for word; {supportPhone} is the configured support number. They belong
 * in packages/domain with the other coach rules once it takes them; until then they live here.
 */
export const COACH_TEXTS = {
  title: 'Microbiome Coach',
  intro: [
    'A 15-minute Microbiome Coach call is included with each kit.',
    'Booking unlocks automatically once your results are available and your questionnaires are 100% complete. Then press Make Appointment and choose a time.',
    'More than 85% completion is needed to get value from a coach session.',
    'Families with several reports must phone support on {supportPhone} to book consecutive 15-minute slots.',
  ],
  makeAppointment: 'Make Appointment',
  helpTitle: 'About your coach call',
  help: [
    {
      title: 'What the call covers',
      body: 'A Microbiome Coach talks you through your report: your diversity and index readings, the notable bacteria in your sample and practical changes worth trying.',
    },
    {
      title: 'How to prepare',
      body: 'Have your report open and your questionnaires complete. Check that the phone number in My Profile is current: the coach phones you on it.',
    },
    {
      title: 'When you can book',
      body: 'Complete your questionnaires while the lab analyses your sample. As soon as your results are available and your questionnaires are 100% complete, the kit shows Book now!',
    },
    {
      title: 'Booking several reports',
      body: 'The coach call is 15 minutes per report. To talk about several reports in one go, phone support on {supportPhone} and we book consecutive 15-minute slots for you.',
    },
  ],
  tabsLabel: 'Kits for coaching',
  noResultsYet: 'Coach booking opens once the results of this kit are available.',
  bookedFor: 'Your call is booked for',
  brisbaneTime: '(Brisbane time)',
  // The booking modal
  bookingTitle: 'Book your Microbiome Coach call',
  bookingIntro: (kitName: string) =>
    `A 15-minute call with a Microbiome Coach about the report of ${kitName}.`,
  currentBooking: 'Your call is booked for',
  moveHint: 'To move it, choose another time and book it.',
  day: 'Day',
  timesOn: (day: string) => `Times on ${day} (Brisbane time)`,
  book: 'Book this time',
  chooseTime: 'Please choose a time.',
  noSlots:
    'There are no free times in the next two weeks. Please phone support on {supportPhone} to book your call.',
  openInNewTab: 'Open the booking page in a new tab',
} as const;
