import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const FinancesPage = () => <ScreenPlaceholder />;
