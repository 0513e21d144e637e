export { LotsMenu } from './components/LotsMenu';
