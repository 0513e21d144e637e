import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const LotsPage = () => <ScreenPlaceholder />;
