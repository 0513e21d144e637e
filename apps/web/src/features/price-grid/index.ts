export { PriceGridImport } from './components/PriceGridImport';
