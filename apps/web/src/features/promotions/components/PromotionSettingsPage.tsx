import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const PromotionSettingsPage = () => <ScreenPlaceholder />;
