import { BulletList, LegalDocument } from './LegalDocument';

/** Privacy Policy, linked from the login popup. */
export function PrivacyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 2026"
      intro="This policy explains what this Atelier instance stores about you and why. Atelier is self-hosted: your data stays with the organisation that runs this instance and the AI providers it has chosen."
      sections={[
        {
          heading: 'What we store',
          body: (
            <BulletList
              items={[
                'Your e-mail address and a one-way hash of your password — never the password itself.',
                'Your projects, prompts, uploads and generated results.',
                'Your credit balance and purchase history.',
                'Where you came from when you signed up (campaign parameters in the link you followed), if any.',
              ]}
            />
          ),
        },
        {
          heading: 'Why',
          body: 'To run the studio for you: sign you in, keep your work, charge and refund credits, and understand which features are used so they can be improved.',
        },
        {
          heading: 'Cookies and analytics',
          body: 'One essential cookie keeps you signed in; it is readable only by the server. Usage analytics record which screens and features are used, tied to your account id when you are signed in.',
        },
        {
          heading: 'AI providers',
          body: 'Prompts and uploads you submit for generation are sent to the AI provider that runs the chosen model, only to produce your result.',
        },
        {
          heading: 'Your choices',
          body: 'You can ask the operator of this instance for a copy of your data, to correct it or to delete your account and everything in it.',
        },
      ]}
    />
  );
}
