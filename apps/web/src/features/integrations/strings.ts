/**
 * The integrations page's strings (/settings/integrations), inside its chunk (./i18n.ts), so the back
 * office's shell does not carry them (it has a size budget).
 */
export const enIntegrations = {
  integrations: {
    intro:
      'Connect your CRM, accounting, newsletter or door hardware to Guichet with API tokens. Every call a token makes is checked like a staff member holding its permissions, and its changes are recorded in the history under its name.',
    reference: 'API reference',
    referenceHelp: 'Every operation of the API, with its parameters, answers and errors.',
    tokens: {
      title: 'API tokens',
      create: 'New token',
      empty: 'No API token yet.',
      loading: 'Loading the API tokens',
      name: 'Name',
      nameHelp: 'What the token is for, e.g. “CRM sync”.',
      permissions: 'Permissions',
      permissionsHelp: 'Give the token only what the integration needs.',
      expiresAt: 'Expires on',
      expiresHelp: 'Leave empty for a token that does not expire.',
      never: 'Never',
      neverUsed: 'Never used',
      createdBy: 'Created by {{name}} on {{date}}',
      lastUsed: 'Last used {{date}}',
      expires: 'Expires {{date}}',
      revoke: 'Revoke',
      revokeLabel: 'Revoke the token {{name}}',
      revokeTitle: 'Revoke this token?',
      revokeBody:
        'Integrations using “{{name}}” stop working at once. This cannot be undone: create a new token to connect them again.',
      submit: 'Create the token',
      cancel: 'Cancel',
      createdTitle: 'Copy your new token',
      createdBody:
        'This is the only time the token is shown. Store it in your integration’s settings now: Guichet keeps only a fingerprint of it.',
      secretLabel: 'API token',
      copy: 'Copy',
      copied: 'Copied',
      done: 'I have stored it',
      usage: 'Send it as “Authorization: Bearer <token>”.',
      status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
    },
  },
};

export type IntegrationsStrings = typeof enIntegrations;

export const frIntegrations: IntegrationsStrings = {
  integrations: {
    intro:
      'Reliez votre CRM, votre comptabilité, votre lettre d’information ou votre matériel de contrôle à Guichet avec des jetons d’API. Chaque appel d’un jeton est contrôlé comme celui d’un membre de l’équipe ayant ses permissions, et ses modifications sont inscrites dans l’historique sous son nom.',
    reference: 'Référence de l’API',
    referenceHelp: 'Toutes les opérations de l’API, avec leurs paramètres, réponses et erreurs.',
    tokens: {
      title: 'Jetons d’API',
      create: 'Nouveau jeton',
      empty: 'Aucun jeton d’API pour l’instant.',
      loading: 'Chargement des jetons d’API',
      name: 'Nom',
      nameHelp: 'À quoi sert le jeton, par exemple « Synchronisation CRM ».',
      permissions: 'Permissions',
      permissionsHelp: 'Ne donnez au jeton que ce dont l’intégration a besoin.',
      expiresAt: 'Expire le',
      expiresHelp: 'Laissez vide pour un jeton sans expiration.',
      never: 'Jamais',
      neverUsed: 'Jamais utilisé',
      createdBy: 'Créé par {{name}} le {{date}}',
      lastUsed: 'Dernière utilisation {{date}}',
      expires: 'Expire le {{date}}',
      revoke: 'Révoquer',
      revokeLabel: 'Révoquer le jeton {{name}}',
      revokeTitle: 'Révoquer ce jeton ?',
      revokeBody:
        'Les intégrations qui utilisent « {{name}} » cessent de fonctionner immédiatement. C’est définitif : créez un nouveau jeton pour les reconnecter.',
      submit: 'Créer le jeton',
      cancel: 'Annuler',
      createdTitle: 'Copiez votre nouveau jeton',
      createdBody:
        'C’est la seule fois où le jeton est affiché. Enregistrez-le maintenant dans les réglages de votre intégration : Guichet n’en garde qu’une empreinte.',
      secretLabel: 'Jeton d’API',
      copy: 'Copier',
      copied: 'Copié',
      done: 'Je l’ai enregistré',
      usage: 'Envoyez-le comme « Authorization: Bearer <jeton> ».',
      status: { active: 'Actif', expired: 'Expiré', revoked: 'Révoqué' },
    },
  },
};
