export { NewThreadModal } from './components/NewThreadModal';
