/** Lowers the OS priority of the calling thread (see lower-priority.mjs). */
export function lowerThreadPriority(): void;
