import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const SalesFunnelPage = () => <ScreenPlaceholder />;
