/**
 * The terms of use and privacy policy, every published version. Our own text; the current versions are
 * complete, older versions are kept as published so people can read what they agreed to at the time.
 */
export type LegalDocument = {
  title: string;
  effective: string;
  sections: { heading: string; body: string[] }[];
};

const CONTACT =
  'Questions about this document: write to the support email shown in the portal, phone 1300 974 621, or post to GPO Box 1234, Brisbane QLD 4001.';

const TERMS_V4: LegalDocument = {
  title: 'Terms of Use',
  effective: '1 July 2026',
  sections: [
    {
      heading: '1. About these terms',
      body: [
        'These terms apply to the portal, the sampling kits and the reports of the gut-microbiome testing service ("we", "us"). By creating an account or redeeming a kit you agree to them.',
        'If you use the portal for a child or dependant, you agree to these terms on their behalf and confirm you are their parent or legal guardian.',
      ],
    },
    {
      heading: '2. What the service is, and is not',
      body: [
        'We analyse a stool sample and describe the microbes found in it, how diverse they are, and how the sample scores on published gut-health indices compared with a healthy reference population.',
        'The report is information, not a diagnosis or medical advice. Talk to a doctor or other health professional about any symptom or health decision. In an emergency call 000.',
      ],
    },
    {
      heading: '3. Your account',
      body: [
        'Each person needs their own account with their own email address. A parent or guardian account covers one child or dependant.',
        'Keep your password private. Tell us straight away if you think someone else has used your account.',
        'People under 18 see their results only after we have reviewed a signed parent or guardian consent form.',
      ],
    },
    {
      heading: '4. Kits, sampling and results',
      body: [
        'Follow the instructions in the kit. We cannot analyse a sample that arrives damaged, overloaded, underloaded or too late; when that happens we offer a replacement kit at a reduced price.',
        'Kits arrive in 3-6 business days by postal service. A report usually takes about 4 weeks after the lab receives the sample.',
        'Your report is more useful when your questionnaires are complete; a coach call is unlocked when they are.',
      ],
    },
    {
      heading: '5. Payments and subscriptions',
      body: [
        'Prices are in Australian dollars and include GST. We charge your card when you place an order.',
        'A subscription sends a kit at the interval you chose and charges your card each time. You can cancel at any time in My Profile; kits already sent are yours.',
        'Your rights under the Australian Consumer Law are not limited by these terms.',
      ],
    },
    {
      heading: '6. Research and data',
      body: [
        'We use your data as our Privacy Policy describes. We use de-identified data for research only if you agree to it in the portal, and you can change that choice at any time.',
      ],
    },
    {
      heading: '7. Changes and ending',
      body: [
        'We may update these terms; we will tell you by email before a material change applies. You can close your account at any time by contacting us.',
        CONTACT,
      ],
    },
  ],
};

const PRIVACY_V9: LegalDocument = {
  title: 'Privacy Policy',
  effective: '1 July 2026',
  sections: [
    {
      heading: '1. Who we are',
      body: [
        'This policy explains how the gut-microbiome testing service handles personal information, including health information, under the Privacy Act 1988 (Cth) and the Australian Privacy Principles.',
      ],
    },
    {
      heading: '2. What we collect',
      body: [
        'Account details: name, email, phone, date of birth, gender, postal address, and for a minor the names of a parent or guardian.',
        'Health information: your sample and its results, and your answers to our questionnaires (diet, activity, medical history, wellbeing).',
        'Payment details are handled by our payment provider; we never store your card number.',
      ],
    },
    {
      heading: '3. How we use it',
      body: [
        'To send kits, analyse samples, produce and show your reports, arrange coach calls, take payments, and contact you about your kits.',
        'Only with your consent: de-identified research to improve our reports and for studies you join.',
      ],
    },
    {
      heading: '4. Who can see it',
      body: [
        'Your questionnaire answers and reports are visible only to you. Our support staff can view your portal to help you; each such view is recorded.',
        'Laboratory and logistics partners receive only what they need (for example a sample identifier or a postal address). We do not sell personal information.',
      ],
    },
    {
      heading: '5. Keeping it safe',
      body: [
        'Data is encrypted in transit and stored on secured servers in Australia. Passwords are stored as one-way hashes.',
        'We keep health information while your account is open and as the law requires; you can ask us to delete your account.',
      ],
    },
    {
      heading: '6. Your choices',
      body: [
        'You can see and correct your details in My Profile, change your research consent, and ask for a copy of your information.',
        'If you are unhappy with how we handled your information, contact us first; you can also complain to the Office of the Australian Information Commissioner.',
        CONTACT,
      ],
    },
  ],
};

/** An older version, kept as published: shorter, and pointing to the current one. */
function earlier(title: string, version: string, effective: string, summary: string[]): LegalDocument {
  return {
    title,
    effective,
    sections: [
      { heading: `Version ${version}`, body: summary },
      {
        heading: 'This version has been replaced',
        body: [
          'This version applied to agreements made while it was current. The current version applies to all other use.',
          CONTACT,
        ],
      },
    ],
  };
}

export const TERMS_VERSIONS: Record<string, LegalDocument> = {
  default: TERMS_V4,
  'v4.0': TERMS_V4,
  'pv1.0': earlier('Practitioner Program Terms', 'pv1.0', '1 March 2025', [
    'These terms applied to health practitioners who refer clients with a referral code.',
    'Practitioners may see a client’s report only when the client shares it with them. Referral codes are personal to the practitioner and may not be published.',
  ]),
  'v3.0': earlier('Terms of Use', 'v3.0', '1 February 2025', [
    'Version 3.0 introduced subscriptions, cancellable at any time, and the coach call included with each kit.',
    'Reports were described as information, not a diagnosis.',
  ]),
  'v2.12': earlier('Terms of Use', 'v2.12', '1 August 2024', [
    'Version 2.12 added the replacement kit offer for samples the lab cannot analyse.',
  ]),
  'v2.10': earlier('Terms of Use', 'v2.10', '1 March 2024', [
    'Version 2.10 set out the terms for kits, reports and accounts, including parent or guardian consent for people under 18.',
  ]),
  'cobiome-v1.0': earlier('Co-biome Study Terms', 'cobiome-v1.0', '1 May 2024', [
    'These terms applied to participants of the co-biome study, who provide samples at study visits and answer study questionnaires.',
  ]),
  'cobiome-v2.0': earlier('Co-biome Study Terms', 'cobiome-v2.0', '1 October 2025', [
    'Version 2.0 of the co-biome study terms added a second study visit and the stool questionnaire at sample collection.',
  ]),
};

export const PRIVACY_VERSIONS: Record<string, LegalDocument> = {
  default: PRIVACY_V9,
  'v9.0': PRIVACY_V9,
  'v7.0': earlier('Privacy Policy', 'v7.0', '1 January 2025', [
    'Version 7.0 described questionnaire answers as health information visible only to the account holder.',
  ]),
  'v6.0': earlier('Privacy Policy', 'v6.0', '1 June 2024', [
    'Version 6.0 added the research consent choice in the portal.',
  ]),
  'v4.0': earlier('Privacy Policy', 'v4.0', '1 September 2023', [
    'Version 4.0 covered accounts, samples, reports and payments handled by our payment provider.',
  ]),
  'v1.7': earlier('Privacy Policy', 'v1.7', '1 March 2022', [
    'Version 1.7 was the first policy of the online portal.',
  ]),
};
