import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const PromotionsPage = () => <ScreenPlaceholder />;
