export { LOTS_MENU_PARAMS, LotsMenu } from './components/LotsMenu';
