import type { PaymentsTranslation } from './en-payments';

import { frFinanceReports } from './fr-finance-reports';
import { frFinances } from './fr-finances';
import { frPayouts } from './fr-payouts';

export const frPayments: PaymentsTranslation = {
  ...frFinances,
  ...frFinanceReports,
  ...frPayouts,
  stripe: {
    settings: {
      title: 'Moyens de paiement',
      body: 'Les commandes gratuites et hors ligne (paiement sur place, virement) ne demandent aucune configuration. Les paiements par carte passent par Stripe, sur le compte Stripe de votre organisation.',
      unavailable: 'Le paiement par carte n’est pas configuré sur ce serveur.',
      notConnected: 'Stripe n’est pas encore connecté.',
      connect: 'Connecter Stripe',
      continue: 'Continuer l’inscription Stripe',
      status: 'Voir le compte Stripe',
      ready: 'Les acheteurs peuvent payer par carte.',
    },
    accountTitle: 'Compte Stripe',
    intro: 'L’état du compte Stripe de votre organisation, tel que Stripe le donne maintenant.',
    loading: 'Chargement du compte Stripe',
    account: 'Compte',
    detailsSubmitted: 'Informations transmises',
    chargesEnabled: 'Paiements par carte activés',
    payoutsEnabled: 'Virements activés',
    yes: 'Oui',
    no: 'Pas encore',
    ready: 'Les acheteurs peuvent payer par carte sur les pages de vos événements.',
    incomplete: 'Stripe a encore besoin d’informations avant que les acheteurs puissent payer par carte.',
    notConnected: 'Votre organisation n’a pas encore connecté Stripe.',
    unavailable: 'Le paiement par carte n’est pas configuré sur ce serveur.',
    continue: 'Continuer l’inscription',
    connect: 'Connecter Stripe',
    back: 'Retour aux paramètres',
    refreshTitle: 'Un nouveau lien Stripe',
    refreshing: 'Demande d’un nouveau lien d’inscription à Stripe…',
    notConfiguredTitle: 'Les paiements par carte ne sont pas configurés sur ce serveur',
    notConfigured:
      'La personne qui administre ce serveur Guichet doit définir STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET (voir docs/operations.md) avant que les organisations puissent connecter Stripe.',
    refreshFailed: 'Aucun nouveau lien n’a pu être créé.',
    retry: 'Réessayer',
  },
};

export default frPayments;
