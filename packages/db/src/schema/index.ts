export * from './events';
export * from './identity';
export * from './orders';
export * from './organizations';
export * from './outbox';
export * from './settings';
export * from './sign-in';
export * from './teams';
