import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const AttractivenessPage = () => <ScreenPlaceholder />;
