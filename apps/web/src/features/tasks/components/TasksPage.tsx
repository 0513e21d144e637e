import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const TasksPage = () => <ScreenPlaceholder />;
