import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const MessagesPage = () => <ScreenPlaceholder />;
