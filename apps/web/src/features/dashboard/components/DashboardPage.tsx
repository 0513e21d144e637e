import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const DashboardPage = () => <ScreenPlaceholder />;
