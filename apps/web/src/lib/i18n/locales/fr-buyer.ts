import type { BuyerTranslation } from './en-buyer';

export const frBuyer: BuyerTranslation = {
  buyer: {
    event: {
      loading: 'Chargement de l’événement…',
      notFoundTitle: 'Événement introuvable',
      notFoundBody:
        'Cet événement n’existe pas ou n’est pas en vente. Vérifiez le lien que l’on vous a donné.',
      loadFailed: 'L’événement n’a pas pu être chargé',
      retry: 'Réessayer',
      organisedBy: 'Organisé par {{name}}',
      when: 'Quand',
      where: 'Où',
      openMap: 'Ouvrir dans une carte',
      online: 'Événement en ligne',
      about: 'À propos de l’événement',
      tickets: 'Billets',
      noTickets: 'Aucun billet n’est en vente pour cet événement pour le moment.',
      free: 'Gratuit',
      left_one: 'Plus que {{count}}',
      left_other: 'Plus que {{count}}',
      soldOut: 'Complet',
      minPerOrder_one: 'au moins {{count}} par commande',
      minPerOrder_other: 'au moins {{count}} par commande',
      maxPerOrder_one: 'jusqu’à {{count}} par commande',
      maxPerOrder_other: 'jusqu’à {{count}} par commande',
      fewer: 'Un billet de moins : {{name}}',
      more: 'Un billet de plus : {{name}}',
      quantity: 'Billets choisis : {{name}}',
      total: 'Total à payer',
      ticketCount_one: '{{count}} billet',
      ticketCount_other: '{{count}} billets',
      continue: 'Continuer',
    },
    checkout: {
      title: 'Vos coordonnées',
      change: 'Modifier les billets',
      name: 'Nom complet',
      email: 'Adresse e-mail',
      emailHint: 'Vos billets et la confirmation de commande sont envoyés à cette adresse.',
      attendees: 'Noms sur les billets',
      attendeesHint: 'Facultatif : le nom de la personne qui utilisera chaque billet.',
      attendee: '{{type}}, billet {{number}}',
      attendeeGap: 'Remplissez aussi ce nom, ou laissez les suivants vides.',
      payment: 'Paiement',
      free: 'Gratuit',
      freeHint: 'Rien à payer : vos billets sont émis tout de suite.',
      offline: 'Paiement sur place ou par virement',
      offlineHint:
        'Vos places vous sont réservées. L’organisateur vous indique comment payer et confirme votre commande une fois payée.',
      placeFree: 'Obtenir mes billets',
      place: 'Commander ({{total}})',
      nameRequired: 'Saisissez votre nom.',
      emailInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
      soldOut:
        'Il ne reste pas assez de places pour cette commande. Les disponibilités sont à jour : choisissez à nouveau.',
      soldOutTypes:
        'Il ne reste pas assez de places pour {{names}}. Les disponibilités sont à jour et votre choix a été ajusté : vérifiez-le et continuez.',
      retrySafe: 'Vous pouvez réessayer sans risque : la même commande n’est jamais passée deux fois.',
    },
    order: {
      title: 'Votre commande',
      loading: 'Chargement de votre commande…',
      notFoundTitle: 'Commande introuvable',
      notFoundBody:
        'Aucune commande ne porte ce code. Utilisez le lien de votre e-mail de confirmation, ou contactez l’organisateur.',
      loadFailed: 'Votre commande n’a pas pu être chargée',
      checkAgain: 'Vérifier à nouveau',
      code: 'Commande {{code}}',
      statusLabel: 'Statut',
      status: {
        reserved: 'Réservée',
        pending_payment: 'En attente de paiement',
        paid: 'Confirmée',
        cancelled: 'Annulée',
        expired: 'Expirée',
      },
      explain: {
        reserved: 'Vos places sont retenues pendant que le paiement se termine.',
        pending_payment:
          'Vos places sont réservées. Vos billets sont émis dès que l’organisateur a reçu votre paiement ; nous écrivons à {{email}}.',
        paid: 'Vos billets sont ci-dessous et ont été envoyés à {{email}}.',
        cancelled: 'Cette commande a été annulée. Ses billets ne sont plus valables.',
        expired: 'La réservation a expiré avant l’arrivée du paiement. Aucun billet n’a été émis.',
      },
      reservedUntil: 'Retenue jusqu’à {{time}}.',
      total_one: 'Total, {{count}} billet',
      total_other: 'Total, {{count}} billets',
      watching: 'Cette page se met à jour toute seule.',
      stopped: 'Cette page ne se met plus à jour toute seule.',
      howToPay: 'Comment payer',
      offlineInstructions:
        'Payez sur place ou par virement, comme l’organisateur vous l’indique. Donnez le code de commande {{code}} avec votre paiement.',
      tickets: 'Vos billets',
      ticketsHint:
        'Présentez chaque QR code à l’entrée, sur votre téléphone ou imprimé. Ne les partagez pas.',
      ticketNumber: 'Billet {{number}} sur {{count}}',
      qr: 'QR code du billet {{number}}',
    },
  },
};

export default frBuyer;
