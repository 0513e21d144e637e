export * from './crm.js';
export * from './marketing.js';
export * from './messaging.js';
export * from './promotions.js';
export * from './sales.js';
export * from './users.js';
