import type { Locale } from '@guichet/shared/i18n';
import type { Permission } from '@guichet/shared/permissions';
import type { MailMessage } from '../mail/mail.repository';
import { layout } from '../mail/templates';

const PERMISSION_WORDS = {
  en: {
    EVENT: 'events, ticket types, venues, check-in lists and orders',
    MEMBER: 'customers and member lists',
    FINANCE: 'finances, refunds and payouts',
    DASHBOARD: 'the dashboard and acquisition',
    SCAN: 'the door scanner',
    ALL: 'everything, including the team and settings',
  },
  fr: {
    EVENT: 'les événements, types de billets, lieux, listes de contrôle et commandes',
    MEMBER: 'les clients et les listes de membres',
    FINANCE: 'les finances, remboursements et versements',
    DASHBOARD: 'le tableau de bord et l’acquisition',
    SCAN: 'le scanner d’entrée',
    ALL: 'tout, y compris l’équipe et les paramètres',
  },
} satisfies Record<Locale, Record<Permission, string>>;

const INVITATION_TEXT = {
  en: {
    subject: (organization: string) => `You are invited to join ${organization} on Guichet`,
    title: (organization: string) => `Join ${organization}`,
    intro: (inviter: string, organization: string) =>
      `${inviter} invites you to join ${organization} on Guichet, the back office for events.`,
    access: (words: string) => `You will have access to ${words}.`,
    expiry: (days: number) =>
      `The link works once and expires in ${days} days. If you have no Guichet account yet, you can create one on the way.`,
    ignore: 'If you were not expecting this invitation, you can ignore this e-mail.',
    action: 'Accept the invitation',
    and: ' and ',
  },
  fr: {
    subject: (organization: string) => `Vous êtes invité à rejoindre ${organization} sur Guichet`,
    title: (organization: string) => `Rejoindre ${organization}`,
    intro: (inviter: string, organization: string) =>
      `${inviter} vous invite à rejoindre ${organization} sur Guichet, le back-office des événements.`,
    access: (words: string) => `Vous aurez accès à ${words}.`,
    expiry: (days: number) =>
      `Le lien ne sert qu’une fois et expire dans ${days} jours. Si vous n’avez pas encore de compte Guichet, vous pourrez en créer un en chemin.`,
    ignore: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    action: 'Accepter l’invitation',
    and: ' et ',
  },
} satisfies Record<Locale, unknown>;

export function invitationMail(input: {
  locale: Locale;
  to: string;
  organizationName: string;
  inviterName: string;
  permissions: readonly Permission[];
  link: string;
  ttlDays: number;
}): MailMessage {
  const t = INVITATION_TEXT[input.locale];
  const words = input.permissions.includes('ALL')
    ? PERMISSION_WORDS[input.locale].ALL
    : input.permissions.map((permission) => PERMISSION_WORDS[input.locale][permission]).join(t.and);
  const lines = [
    t.intro(input.inviterName, input.organizationName),
    t.access(words),
    t.expiry(input.ttlDays),
    t.ignore,
  ];
  return {
    to: input.to,
    subject: t.subject(input.organizationName),
    text: `${lines.join('\n\n')}\n\n${t.action}: ${input.link}\n`,
    html: layout(t.title(input.organizationName), lines, { label: t.action, href: input.link }),
  };
}
