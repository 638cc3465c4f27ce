/** Strings of the events creation page (/events/create) and event page (/events/{id}). */
export const enEventEditor = {
  title: '',
};
