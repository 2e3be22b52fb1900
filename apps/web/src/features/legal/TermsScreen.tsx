import { BulletList, LegalDocument } from './LegalDocument';

/** Terms of Service, linked from the login popup. Atelier is self-hosted: the operator of this instance is the provider. */
export function TermsScreen() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 2026"
      intro="These terms apply to your use of this Atelier instance, an AI creative studio run by the organisation that hosts it (the “operator”). By creating an account or using the studio you agree to them."
      sections={[
        {
          heading: 'Your account',
          body: 'Keep your password to yourself and tell the operator straight away if you think someone else has used your account. You are responsible for what is created with it.',
        },
        {
          heading: 'Credits and payments',
          body: 'Generations are paid for with credits. The cost of each generation is shown before you start it and is taken from your balance when the work is accepted; failed generations are refunded. Purchased credits are not exchangeable for cash unless the law requires it.',
        },
        {
          heading: 'What you create',
          body: 'You keep the rights you have in your prompts, uploads and results. You give the operator the permission needed to store, process and show them to you and to the people you share them with.',
        },
        {
          heading: 'Acceptable use',
          body: (
            <BulletList
              items={[
                'Do not create content that is illegal, that harasses or deceives people, or that infringes someone else’s rights.',
                'Do not clone a voice or likeness without the consent of the person it belongs to.',
                'Do not try to break, overload or get around the limits of the service.',
              ]}
            />
          ),
        },
        {
          heading: 'AI output',
          body: 'AI models can be wrong, biased or surprising. Check results before you rely on or publish them.',
        },
        {
          heading: 'Changes and ending',
          body: 'The operator may change these terms or the service and will say so in the app. You may close your account at any time; the operator may suspend accounts that break these terms.',
        },
      ]}
    />
  );
}
