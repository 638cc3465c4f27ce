import type { TermsDocument } from './types';

export const termsFr: TermsDocument = {
  updated: 'Dernière mise à jour : 1er juin 2025',
  intro:
    'Les présentes conditions encadrent l’utilisation de Guichet, le back-office dans lequel des organisations créent des événements, vendent des billets, gèrent leurs clients et contrôlent les billets à l’entrée. En créant un compte ou en utilisant le service, vous les acceptez en votre nom et au nom de l’organisation pour laquelle vous agissez.',
  sections: [
    {
      heading: '1. Qui exploite le service',
      paragraphs: [
        'Le service est exploité par l’entité qui fait fonctionner cette installation de Guichet (l’« exploitant »). Ses coordonnées figurent dans l’invitation ou le contrat par lequel vous avez obtenu l’accès. Toute question sur ces conditions peut lui être adressée.',
      ],
    },
    {
      heading: '2. Comptes',
      paragraphs: [
        'Vous devez indiquer votre vrai nom et une adresse e-mail que vous contrôlez, garder votre mot de passe secret et prévenir sans délai les administrateurs de l’organisation si vous pensez que quelqu’un d’autre a utilisé votre compte.',
        'Un compte appartient à une seule personne. Chaque membre de l’équipe d’une organisation utilise son propre compte ; les permissions qu’il reçoit (tout, événements, finances, tableau de bord, clients, contrôle) sont décidées par les administrateurs de l’organisation.',
        'Vous pouvez supprimer votre compte à tout moment depuis votre profil, sauf si vous êtes le dernier administrateur d’une organisation qui compte encore d’autres membres : donnez d’abord la permission d’administrateur à quelqu’un d’autre.',
      ],
    },
    {
      heading: '3. Les organisations et leur responsabilité',
      paragraphs: [
        'L’organisation qui organise un événement est le vendeur de ses billets. Elle seule fixe les prix, les jauges, les règles de remboursement et les conditions d’accès, et elle répond auprès de ses acheteurs du bon déroulement de l’événement tel qu’annoncé.',
        'L’organisation est responsable de la licéité de ses événements et des contenus qu’elle publie, ainsi que de disposer d’une base légale pour traiter les données personnelles de ses clients, y compris lorsqu’elle leur envoie des e-mails.',
      ],
    },
    {
      heading: '4. Paiements',
      paragraphs: [
        'Les billets payants sont encaissés soit hors ligne par l’organisation (espèces, virement, sur place), soit par Stripe. Les paiements par carte sont traités par Stripe selon ses propres conditions, sur un compte qui appartient à l’organisation ; l’exploitant ne détient jamais l’argent des acheteurs.',
        'Les frais des prestataires de paiement sont fixés par eux. Les remboursements sont décidés par l’organisation et effectués par le même prestataire que le paiement.',
      ],
    },
    {
      heading: '5. Usage acceptable',
      paragraphs: [
        'Vous ne devez pas utiliser le service pour vendre des billets d’événements inexistants, envoyer des messages non sollicités, enfreindre la loi, accéder à des données auxquelles vous n’avez pas droit, ni perturber le service ou sa sécurité (y compris par un accès automatisé dépassant un usage normal).',
        'L’exploitant peut suspendre un compte ou une organisation qui enfreint ces règles, après avertissement lorsque la situation le permet.',
      ],
    },
    {
      heading: '6. Données personnelles',
      paragraphs: [
        'L’exploitant traite les données des comptes de l’équipe (nom, adresse e-mail, langue, historique de connexion) pour fournir le service et en assurer la sécurité. Pour les données des clients, l’organisation est responsable du traitement et l’exploitant agit comme sous-traitant, uniquement sur ses instructions.',
        'Les données sont conservées tant que le compte ou l’organisation existe, puis supprimées ou anonymisées, sauf lorsque la loi impose une conservation plus longue (par exemple les pièces comptables). Vous pouvez demander l’accès à vos données, leur rectification ou leur effacement auprès de l’exploitant.',
        'Le service n’utilise que les cookies nécessaires à son fonctionnement : un cookie de connexion sécurisé et un cookie qui mémorise l’organisation sélectionnée. Il n’utilise aucun traceur publicitaire.',
      ],
    },
    {
      heading: '7. Disponibilité et évolutions',
      paragraphs: [
        'L’exploitant veille à la disponibilité et à la sécurité du service, sans pouvoir garantir l’absence d’interruptions. Les maintenances prévues sont annoncées à l’avance dans la mesure du possible.',
        'Le service évolue : des fonctionnalités peuvent être ajoutées ou modifiées. Lorsque ces conditions changent de façon importante, vous en êtes informé avant que le changement s’applique ; continuer à utiliser le service ensuite vaut acceptation des nouvelles conditions.',
      ],
    },
    {
      heading: '8. Responsabilité',
      paragraphs: [
        'Dans la mesure permise par la loi, l’exploitant n’est pas responsable des préjudices indirects, ni de l’organisation des événements, qui relève de chaque organisation. Rien dans ces conditions ne limite les droits que les consommateurs tiennent de dispositions impératives.',
      ],
    },
    {
      heading: '9. Fin du service',
      paragraphs: [
        'Vous pouvez cesser d’utiliser le service à tout moment. Une organisation peut exporter ses données avant de fermer. L’exploitant peut mettre fin au service moyennant un préavis raisonnable, laissant aux organisations le temps de récupérer leurs données.',
      ],
    },
    {
      heading: '10. Droit applicable',
      paragraphs: [
        'Ces conditions sont régies par le droit du pays où l’exploitant est établi. Les litiges sont d’abord réglés à l’amiable ; à défaut, ils sont portés devant les juridictions désignées par ce droit.',
      ],
    },
  ],
};
