import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const MarketingPage = () => <ScreenPlaceholder />;
