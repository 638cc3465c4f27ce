// The strings of a customer's record actions (merge, unmerge, JSON export, erasure, import), both
// languages, looked up by `i18n.ts` for keys under `customerRecords.`.

export const enCustomerRecords = {
  actions: 'Record actions',
  exportJson: 'Export as JSON',
  exported: 'The file with everything held about this person is downloading.',
  merge: {
    open: 'Merge a duplicate',
    title: 'Merge another record into this one',
    help: 'Pick the other record of the same person. Its orders count here, its notes, lists and tags move here, and its address finds this record. An unmerge puts them back.',
    pick: 'Other record',
    search: 'Search by name or e-mail',
    nothing: 'No other customer matches.',
    submit: 'Merge',
    done: 'Merged. The other record now opens this one.',
  },
  merges: {
    heading: 'Merged records',
    entry: '{{name}} ({{email}}) merged on {{at}}',
    by: 'by {{name}}',
    moved: '{{notes}} notes, {{memberships}} list memberships moved',
    undone: 'Unmerged on {{at}}',
    unmerge: 'Unmerge',
    unmerged: 'Unmerged: the other record stands on its own again.',
  },
  erase: {
    open: 'Erase this person',
    title: 'Erase this person',
    warning:
      'Their name, e-mail, phone, notes, consent records and list memberships are removed everywhere, including their orders, tickets, mails and the audit log. Amounts stay in the accounts. This cannot be undone.',
    confirm: 'Type {{email}} to confirm',
    submit: 'Erase for good',
    mismatch: 'Type the customer’s e-mail address exactly.',
    done: 'The person has been erased.',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const frCustomerRecords: Strings<typeof enCustomerRecords> = {
  actions: 'Actions sur la fiche',
  exportJson: 'Exporter en JSON',
  exported: 'Le fichier de tout ce qui est conservé sur cette personne se télécharge.',
  merge: {
    open: 'Fusionner un doublon',
    title: 'Fusionner une autre fiche dans celle-ci',
    help: 'Choisissez l’autre fiche de la même personne. Ses commandes comptent ici, ses notes, listes et étiquettes viennent ici, et son adresse ouvre cette fiche. Une défusion les remet en place.',
    pick: 'Autre fiche',
    search: 'Rechercher par nom ou e-mail',
    nothing: 'Aucune autre fiche ne correspond.',
    submit: 'Fusionner',
    done: 'Fusion faite. L’autre fiche ouvre désormais celle-ci.',
  },
  merges: {
    heading: 'Fiches fusionnées',
    entry: '{{name}} ({{email}}) fusionnée le {{at}}',
    by: 'par {{name}}',
    moved: '{{notes}} notes, {{memberships}} adhésions à des listes déplacées',
    undone: 'Défusionnée le {{at}}',
    unmerge: 'Défusionner',
    unmerged: 'Défusion faite : l’autre fiche est de nouveau indépendante.',
  },
  erase: {
    open: 'Effacer cette personne',
    title: 'Effacer cette personne',
    warning:
      'Son nom, son e-mail, son téléphone, ses notes, ses consentements et ses adhésions sont supprimés partout, y compris dans ses commandes, billets, e-mails et le journal d’audit. Les montants restent dans les comptes. C’est définitif.',
    confirm: 'Saisissez {{email}} pour confirmer',
    submit: 'Effacer définitivement',
    mismatch: 'Saisissez exactement l’adresse e-mail du client.',
    done: 'La personne a été effacée.',
  },
};
