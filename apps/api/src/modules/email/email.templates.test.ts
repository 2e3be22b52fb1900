import { describe, expect, it } from 'vitest';
import { type MailSpec, renderMail } from './email.templates';

const origin = { ip: '203.0.113.9', device: 'Firefox on Linux', at: new Date('2026-11-25T15:04:00Z') };
const to = 'ana@example.com';
const BASE = 'https://studio.example.com';

const SPECS: MailSpec[] = [
  { kind: 'verify_email', to, token: 'tok-verify', reason: 'signup', origin },
  { kind: 'verify_email', to, token: 'tok-verify2', reason: 'resend', origin },
  { kind: 'password_reset', to, token: 'tok-reset', origin },
  { kind: 'password_reset_unknown', to, origin },
  { kind: 'password_changed', to, via: 'reset', origin },
  { kind: 'password_changed', to, via: 'profile', origin },
  { kind: 'email_change_confirm', to: 'new@example.com', currentEmail: to, token: 'tok-change', origin },
  { kind: 'email_changed', to, newEmail: 'new@example.com', origin },
  { kind: 'new_sign_in', to, origin },
  {
    kind: 'project_invite',
    to,
    token: 'tok-invite',
    inviterEmail: 'owner@example.com',
    projectName: 'Spring campaign',
    role: 'editor',
    expiresAt: new Date('2026-12-02T15:04:00Z'),
  },
];

describe('mail templates', () => {
  it.each(SPECS.map((s) => [`${s.kind}${'reason' in s ? ` (${s.reason})` : 'via' in s ? ` (${s.via})` : ''}`, s] as const))(
    '%s: HTML and plain text, the logo inline, what happened and what to do if it was not you',
    async (_name, spec) => {
      const mail = await renderMail(spec, BASE);
      expect(mail.subject.length).toBeGreaterThan(10);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.text.length).toBeGreaterThan(100);
      expect(mail.text).not.toMatch(/<[a-z/]/i);
      // Not you? — in both parts.
      expect(mail.html).toContain('Not you?');
      expect(mail.text).toContain('Not you?');
      // No remote image: the only image is the attached logo.
      const images = [...mail.html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]);
      expect(images).toEqual(['cid:logo@atelier']);
      expect(mail.attachments.map((a) => a.cid)).toEqual(['logo@atelier']);
      // Every link the mail lists is in both parts and points at this deployment.
      for (const link of mail.links) {
        expect(link.url.startsWith(BASE)).toBe(true);
        expect(mail.text).toContain(link.url);
        expect(mail.html).toContain(link.url.replace(/&/g, '&amp;'));
      }
      // Links that carry a token declare it, so the outbox can remove it once delivered.
      const token = 'token' in spec ? spec.token : null;
      expect(mail.secrets).toEqual(token ? [token] : []);
      if (token) expect(mail.links.some((l) => l.url.includes(token))).toBe(true);
      // Mails about the account say from where: device and IP.
      if (spec.kind !== 'project_invite') {
        for (const part of [mail.html, mail.text]) {
          expect(part).toContain('Device: Firefox on Linux');
          expect(part).toContain('IP address: 203.0.113.9');
          expect(part).toContain('25 November 2026');
        }
      }
    },
  );

  it('names what happened in words a person understands', async () => {
    const text = async (spec: MailSpec) => (await renderMail(spec, BASE)).text;
    expect(await text(SPECS[0] as MailSpec)).toContain('An Atelier account was just created with the address ana@example.com');
    expect(await text(SPECS[2] as MailSpec)).toContain('works once, for 1 hour');
    expect(await text(SPECS[3] as MailSpec)).toContain('no account on this Atelier uses that address');
    expect(await text(SPECS[4] as MailSpec)).toContain('Every session was signed out');
    expect(await text(SPECS[7] as MailSpec)).toContain('changed from ana@example.com to new@example.com');
    expect(await text(SPECS[8] as MailSpec)).toContain('signed in from a browser or network it has not used before');
    const invite = await renderMail(SPECS[9] as MailSpec, BASE);
    expect(invite.subject).toBe('owner@example.com invited you to “Spring campaign” on Atelier');
    expect(invite.text).toContain('as an editor');
    expect(invite.links[0]?.url).toBe(`${BASE}/invite?token=tok-invite`);
  });

  it('keeps the subject on one line whatever a project is called, and escapes names in the HTML', async () => {
    const spec = { ...(SPECS[9] as Extract<MailSpec, { kind: 'project_invite' }>), projectName: 'Evil\r\nBcc: victim@example.com <b>x</b>' };
    const mail = await renderMail(spec, BASE);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
