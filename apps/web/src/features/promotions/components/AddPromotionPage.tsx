import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const AddPromotionPage = () => <ScreenPlaceholder />;
