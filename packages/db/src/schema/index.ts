export * from './identity';
export * from './organizations';
export * from './outbox';
