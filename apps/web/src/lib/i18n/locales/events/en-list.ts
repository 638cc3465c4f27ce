/** Strings of the events list page (/events) and its map. */
export const enEventList = {
  title: '',
};
