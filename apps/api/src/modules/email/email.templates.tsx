import type { EmailAttachment, EmailLink } from '@atelier/db';
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import { toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LOGO_ATTACHMENT } from './email.logo';

/** Where a request came from, as a mail tells it: IP address, device (browser and OS) and time. */
export interface RequestOrigin {
  ip: string;
  device: string;
  at: Date;
}

/** Every mail Atelier sends. Tokens travel in links only; the outbox redacts them once delivered. */
export type MailSpec =
  | { kind: 'verify_email'; to: string; token: string; reason: 'signup' | 'resend'; origin: RequestOrigin }
  | { kind: 'password_reset'; to: string; token: string; origin: RequestOrigin }
  | { kind: 'password_reset_unknown'; to: string; origin: RequestOrigin }
  | { kind: 'password_changed'; to: string; via: 'reset' | 'profile'; origin: RequestOrigin }
  | { kind: 'email_change_confirm'; to: string; currentEmail: string; token: string; origin: RequestOrigin }
  | { kind: 'email_changed'; to: string; newEmail: string; origin: RequestOrigin }
  | { kind: 'new_sign_in'; to: string; origin: RequestOrigin }
  | {
      kind: 'project_invite';
      to: string;
      token: string;
      inviterEmail: string;
      projectName: string;
      role: 'viewer' | 'editor';
      expiresAt: Date;
    };
export type MailKind = MailSpec['kind'];

export interface RenderedMail {
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: EmailLink[];
  secrets: string[];
  attachments: EmailAttachment[];
}

/** How long each link works (the services set the same expiries on the tokens). */
export const LINK_LIFETIME = {
  verifyEmailHours: 24,
  passwordResetHours: 1,
  emailChangeHours: 24,
  inviteDays: 7,
} as const;

const BRAND = '#7c4ffc';
const INK = '#1d1d24';
const MUTED = '#62626f';
const FONT = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const formatWhen = (d: Date) =>
  `${d.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

interface LayoutProps {
  preview: string;
  heading: string;
  children: ReactNode;
  action?: { label: string; url: string } | undefined;
  /** "This link works once, for 1 hour." */
  actionNote?: string | undefined;
  origin?: RequestOrigin | undefined;
  originLabel?: string | undefined;
  notYou: string;
  publicUrl: string;
  why: string;
}

/** The one layout: logo and wordmark, a card with what happened, the action, where from, and what to do if it was not you. */
function Layout({ preview, heading, children, action, actionNote, origin, originLabel, notYou, publicUrl, why }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f0ff', fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '0 16px' }}>
          <Section style={{ padding: '8px 0 16px' }}>
            <Row>
              <Column style={{ width: '48px' }}>
                <Img src={`cid:${LOGO_ATTACHMENT.cid}`} width="40" height="40" alt="Atelier" style={{ borderRadius: '10px', display: 'block' }} />
              </Column>
              <Column>
                <Text style={{ fontSize: '22px', fontWeight: 800, letterSpacing: '-0.03em', color: INK, margin: 0 }}>Atelier</Text>
              </Column>
            </Row>
          </Section>
          <Section
            style={{ backgroundColor: '#ffffff', borderRadius: '16px', borderTop: `4px solid ${BRAND}`, padding: '28px 28px 20px', color: INK }}
          >
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px', color: INK }}>
              {heading}
            </Heading>
            {children}
            {action ? (
              <>
                <Section style={{ padding: '8px 0 4px' }}>
                  <Button
                    href={action.url}
                    style={{
                      backgroundColor: BRAND,
                      color: '#ffffff',
                      borderRadius: '10px',
                      padding: '12px 22px',
                      fontWeight: 600,
                      fontSize: '15px',
                    }}
                  >
                    {action.label}
                  </Button>
                </Section>
                <Text style={{ fontSize: '13px', color: MUTED, margin: '12px 0 0' }}>
                  {`${actionNote ? `${actionNote} ` : ''}If the button does not work, paste this address into your browser:`}
                  <br />
                  <Link href={action.url} style={{ color: BRAND, wordBreak: 'break-all' }}>
                    {action.url}
                  </Link>
                </Text>
              </>
            ) : null}
            {origin ? (
              <Section style={{ backgroundColor: '#f7f7fa', borderRadius: '10px', padding: '12px 16px', margin: '20px 0 0' }}>
                <Text style={{ fontSize: '13px', color: MUTED, margin: 0, lineHeight: '1.6' }}>
                  <strong style={{ color: INK }}>{originLabel ?? 'Requested from'}</strong>
                  <br />
                  {`Device: ${origin.device}`}
                  <br />
                  {`IP address: ${origin.ip}`}
                  <br />
                  {`Time: ${formatWhen(origin.at)}`}
                </Text>
              </Section>
            ) : null}
            <Hr style={{ borderColor: '#ececf2', margin: '20px 0 12px' }} />
            <Text style={{ fontSize: '14px', color: INK, margin: 0 }}>
              <strong>Not you?</strong> {notYou}
            </Text>
          </Section>
          <Text style={{ fontSize: '12px', color: MUTED, textAlign: 'center', margin: '16px 0 0' }}>
            {`${why} · Atelier at `}
            <Link href={publicUrl} style={{ color: MUTED }}>
              {publicUrl}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const P = ({ children }: { children: ReactNode }) => (
  <Text style={{ fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px', color: INK }}>{children}</Text>
);

interface Composed {
  subject: string;
  element: ReactNode;
  links: EmailLink[];
  secrets: string[];
}

const ROLE_TEXT = {
  viewer: 'a viewer (you can open the project and look at everything in it)',
  editor: 'an editor (you can edit the project and generate in it with your own credits)',
};

/** Builds one mail's subject, body and links. Pure: the same spec always gives the same mail. */
export function composeMail(spec: MailSpec, publicUrl: string): Composed {
  const url = (path: string) => `${publicUrl}${path}`;
  const forgot = url('/reset-password');
  const common = { publicUrl };
  switch (spec.kind) {
    case 'verify_email': {
      const link = url(`/verify-email?token=${encodeURIComponent(spec.token)}`);
      const signup = spec.reason === 'signup';
      return {
        subject: 'Verify your e-mail address for Atelier',
        links: [{ label: 'Verify e-mail address', url: link }],
        secrets: [spec.token],
        element: (
          <Layout
            {...common}
            preview="Confirm that this address is yours to finish setting up your Atelier account."
            heading="Verify your e-mail address"
            action={{ label: 'Verify e-mail address', url: link }}
            actionNote={`This link works once, for ${LINK_LIFETIME.verifyEmailHours} hours.`}
            origin={spec.origin}
            originLabel={signup ? 'Account created from' : 'Link requested from'}
            notYou="If you did not create an Atelier account, ignore this mail: the address stays unverified and the link expires by itself. Nobody gets access to anything through it."
            why={`Sent to ${spec.to} because ${signup ? 'an Atelier account was created with it' : 'a new verification link was asked for'}`}
          >
            <P>
              {`${signup ? `An Atelier account was just created with the address ${spec.to}.` : `You asked for a new link to verify ${spec.to} for your Atelier account.`} Open the link below to confirm that the address is yours. Invitations to projects sent to this address start working once it is verified.`}
            </P>
          </Layout>
        ),
      };
    }
    case 'password_reset': {
      const link = url(`/reset-password?token=${encodeURIComponent(spec.token)}`);
      return {
        subject: 'Reset your Atelier password',
        links: [{ label: 'Choose a new password', url: link }],
        secrets: [spec.token],
        element: (
          <Layout
            {...common}
            preview="Someone asked to reset the password of your Atelier account."
            heading="Reset your password"
            action={{ label: 'Choose a new password', url: link }}
            actionNote={`This link works once, for ${LINK_LIFETIME.passwordResetHours} hour.`}
            origin={spec.origin}
            notYou="If you did not ask for this, ignore this mail: your password stays as it is, and the link is useless to anyone without access to your mailbox."
            why={`Sent to ${spec.to} because a password reset was asked for this address`}
          >
            <P>
              {`Someone asked to reset the password of the Atelier account for ${spec.to}. Choose a new password with the link below; it signs you out everywhere else.`}
            </P>
          </Layout>
        ),
      };
    }
    case 'password_reset_unknown': {
      const signup = url('/register');
      return {
        subject: 'Password reset requested for Atelier',
        links: [{ label: 'Create an account', url: signup }],
        secrets: [],
        element: (
          <Layout
            {...common}
            preview="A password reset was asked for this address, but no Atelier account uses it."
            heading="No account uses this address"
            origin={spec.origin}
            notYou="If you did not ask for this, ignore this mail: nothing was changed and there is nothing to do."
            why={`Sent to ${spec.to} because a password reset was asked for this address`}
          >
            <P>
              {`Someone asked to reset the password of an Atelier account for ${spec.to}, but no account on this Atelier uses that address. Perhaps you signed up with another address? If you meant to create an account, you can do so at `}
              <Link href={signup}>{signup}</Link>.
            </P>
          </Layout>
        ),
      };
    }
    case 'password_changed':
      return {
        subject: 'Your Atelier password was changed',
        links: [{ label: 'Reset your password', url: forgot }],
        secrets: [],
        element: (
          <Layout
            {...common}
            preview="The password of your Atelier account was just changed."
            heading="Your password was changed"
            origin={spec.origin}
            originLabel="Changed from"
            notYou={`If you did not change it, reset your password now at ${forgot} (it signs out every session) and tell the administrator of this Atelier.`}
            why={`Sent to ${spec.to} because the password of its Atelier account changed`}
          >
            <P>
              {`The password of your Atelier account ${spec.to} was changed ${
                spec.via === 'reset'
                  ? 'with a password-reset link. Every session was signed out: sign in again with the new password.'
                  : 'on the profile page. Every other session was signed out.'
              }`}
            </P>
          </Layout>
        ),
      };
    case 'email_change_confirm': {
      const link = url(`/confirm-email?token=${encodeURIComponent(spec.token)}`);
      return {
        subject: 'Confirm your new e-mail address for Atelier',
        links: [{ label: 'Confirm new address', url: link }],
        secrets: [spec.token],
        element: (
          <Layout
            {...common}
            preview="Confirm this address to make it the e-mail of your Atelier account."
            heading="Confirm your new e-mail address"
            action={{ label: 'Confirm new address', url: link }}
            actionNote={`This link works once, for ${LINK_LIFETIME.emailChangeHours} hours.`}
            origin={spec.origin}
            notYou="If you did not ask for this, ignore this mail: nothing changes unless the link is opened."
            why={`Sent to ${spec.to} because an Atelier account asked to use this address`}
          >
            <P>
              {`The Atelier account ${spec.currentEmail} asked to use ${spec.to} as its e-mail address from now on. Open the link below to confirm; until then the account keeps its current address.`}
            </P>
          </Layout>
        ),
      };
    }
    case 'email_changed':
      return {
        subject: 'Your Atelier e-mail address was changed',
        links: [],
        secrets: [],
        element: (
          <Layout
            {...common}
            preview={`Your Atelier account now uses ${spec.newEmail}.`}
            heading="Your e-mail address was changed"
            origin={spec.origin}
            originLabel="Confirmed from"
            notYou="If you did not make this change, contact the administrator of this Atelier at once: someone with your password may have taken over the account."
            why={`Sent to ${spec.to}, the account's previous address`}
          >
            <P>
              {`The e-mail address of your Atelier account was changed from ${spec.to} to ${spec.newEmail}. From now on you sign in with the new address, and mails go there.`}
            </P>
          </Layout>
        ),
      };
    case 'new_sign_in':
      return {
        subject: 'New sign-in to your Atelier account',
        links: [{ label: 'Reset your password', url: forgot }],
        secrets: [],
        element: (
          <Layout
            {...common}
            preview={`Your Atelier account was signed in from ${spec.origin.device}.`}
            heading="New sign-in from a device we have not seen"
            origin={spec.origin}
            originLabel="Signed in from"
            notYou={`If this was not you, reset your password now at ${forgot}: that signs out every session, including this one.`}
            why={`Sent to ${spec.to} because its Atelier account signed in from a new browser or network`}
          >
            <P>
              {`Your Atelier account ${spec.to} was signed in from a browser or network it has not used before. If it was you, there is nothing to do.`}
            </P>
          </Layout>
        ),
      };
    case 'project_invite': {
      const link = url(`/invite?token=${encodeURIComponent(spec.token)}`);
      return {
        subject: `${spec.inviterEmail} invited you to “${spec.projectName}” on Atelier`,
        links: [{ label: 'Open the invitation', url: link }],
        secrets: [spec.token],
        element: (
          <Layout
            {...common}
            preview={`Join “${spec.projectName}” as ${spec.role === 'editor' ? 'an editor' : 'a viewer'}.`}
            heading={`You are invited to “${spec.projectName}”`}
            action={{ label: 'Open the invitation', url: link }}
            actionNote={`This link works once, until ${formatWhen(spec.expiresAt)}.`}
            notYou={`If you do not know ${spec.inviterEmail}, ignore this mail: nobody gets access unless the link is opened and accepted.`}
            why={`Sent to ${spec.to} because ${spec.inviterEmail} invited this address`}
          >
            <P>{`${spec.inviterEmail} invited ${spec.to} to their Atelier project “${spec.projectName}” as ${ROLE_TEXT[spec.role]}.`}</P>
            <P>
              {`Open the link while signed in to accept. No account yet? Create one with ${spec.to} and verify the address: the invitation is then accepted for you.`}
            </P>
          </Layout>
        ),
      };
    }
  }
}

/** A header value on one line: names people chose (a project's) never break out of the Subject header. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders a mail to HTML and plain text, with the logo attached (no remote images). React's
 * synchronous static renderer, not react-email's `render`: that one streams, and React's streaming
 * renderer runs in an AsyncLocalStorage — the first mail an api process sent switched Node's
 * promise hooks on for the rest of its life, a cost on every promise of every request. The markup
 * is `render`'s without its streaming comments (`<!--$-->`…), and the text is `render`'s own.
 */
export async function renderMail(spec: MailSpec, publicUrl: string): Promise<RenderedMail> {
  const composed = composeMail(spec, publicUrl);
  const markup = renderToStaticMarkup(composed.element);
  const html = `${XHTML_DOCTYPE}${markup}`;
  const text = toPlainText(markup);
  return {
    kind: spec.kind,
    to: spec.to,
    subject: oneLine(composed.subject),
    html,
    text,
    links: composed.links,
    secrets: composed.secrets,
    attachments: [LOGO_ATTACHMENT],
  };
}
