/**
 * The door scanner's strings (`/scan`): loaded by the scanner app only, with its page.
 */
export const enScan = {
  scan: {
    title: 'Scanner',
    createOrganization: 'Create an organisation',
    signOut: 'Sign out',
    backOffice: 'Back office',
    mode: {
      online: 'Online',
      offline: 'Offline',
      onlineHint: 'Scans are checked by the server.',
      offlineHint: 'No network: scans are checked on this device and synced later.',
    },
    queue_one: '{{count}} scan to sync',
    queue_other: '{{count}} scans to sync',
    queueEmpty: 'Nothing to sync',
    syncNow: 'Sync now',
    syncing: 'Syncing…',
    setup: {
      heading: 'Set up this scanner',
      organization: 'Organisation',
      event: 'Event',
      lists: 'Check-in lists this gate checks',
      allTypes: 'all ticket types',
      types_one: '{{count}} ticket type',
      types_other: '{{count}} ticket types',
      noOrganizations:
        'You may not scan tickets in any organisation. Ask an administrator for the SCAN permission.',
      noEvents: 'There is no event to scan in this organisation.',
      noLists: 'This event has no check-in list yet. Ask an event manager to create one.',
      chooseList: 'Choose at least one list.',
      start: 'Start scanning',
      change: 'Change',
      preparing: 'Downloading the tickets for offline use…',
      loadFailed: 'The scanner could not load its data.',
      offlineSetup: 'Offline: the scanner can be set up once the network is back.',
      retry: 'Try again',
    },
    gate: '{{event}} · {{lists}}',
    direction: {
      label: 'Direction',
      entry: 'Entry',
      exit: 'Exit',
    },
    snapshot: {
      ready_one: 'Ready offline: {{count}} ticket, updated at {{time}}',
      ready_other: 'Ready offline: {{count}} tickets, updated at {{time}}',
      missing: 'Not ready for offline use: the tickets are not downloaded yet.',
      update: 'Update',
      failed: 'The tickets could not be downloaded for offline use.',
      unsupported: 'This browser cannot check tickets offline (no Ed25519 signature check).',
    },
    camera: {
      start: 'Scan with the camera',
      stop: 'Stop the camera',
      label: 'Camera: hold the QR code in the frame',
      denied: 'The camera is not allowed. Allow it in the browser settings, or type the code.',
      unavailable: 'No camera could be opened. Type the code or use a hardware scanner.',
    },
    code: {
      label: 'Ticket code',
      placeholder: 'e.g. K7QX-M2P9-HR4, under the QR code',
      submit: 'Check',
      hint: 'A hardware scanner works at any time on this screen.',
    },
    verdict: {
      admitted: 'Admitted',
      exitOk: 'Exit recorded',
      refused: 'Refused',
      offline: 'Checked offline',
      next: 'Next scan',
      list: 'List: {{name}}',
      usedAt: 'Already used at {{time}}, {{list}}',
      noName: 'No name on the ticket',
    },
    reasons: {
      invalid: 'Not a valid ticket',
      unknown: 'Unknown ticket',
      'wrong-event': 'Ticket for another event',
      'wrong-list': 'This ticket type does not enter here',
      'not-yet-valid': 'Too early: this entry is not open yet',
      'window-closed': 'Too late: this entry is closed',
      cancelled: 'Ticket cancelled',
      refunded: 'Ticket refunded',
      unpaid: 'Order not paid',
      'already-used': 'Already used',
      'not-inside': 'Not inside: no entry recorded',
    },
    failure: {
      noSnapshot: 'No network and the tickets are not downloaded: this code could not be checked.',
      manualOffline: 'Checking in by hand needs the network.',
      tooFast: 'Too many scans at once. Wait a second and scan again.',
      server: 'The scan could not be checked: {{message}}',
    },
    recent: {
      heading: 'Recent scans',
      empty: 'No scan yet on this device.',
      pending: 'To sync',
      offline: 'Offline',
      conflict: 'Conflict',
      manual: 'By hand',
      setAside: 'List deleted: not synced',
    },
    search: {
      heading: 'Find an attendee',
      label: 'Name or order code',
      submit: 'Search',
      none: 'No attendee found.',
      checkIn: 'Check in',
      checkOut: 'Check out',
      inside: 'Inside',
      status: {
        valid: 'Valid',
        cancelled: 'Cancelled',
        refunded: 'Refunded',
        unpaid: 'Not paid',
      },
      offline: 'Search needs the network.',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must fill completely for the scanner. */
export type ScanTranslation = DeepStrings<typeof enScan>;

export default enScan;
