export { CrmSendBlock } from './components/CrmSendBlock';
