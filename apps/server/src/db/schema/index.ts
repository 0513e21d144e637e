export * from './crm.js';
export * from './faq.js';
export * from './library.js';
export * from './messaging.js';
export * from './planning.js';
export * from './promotions.js';
export * from './sales.js';
export * from './users.js';
