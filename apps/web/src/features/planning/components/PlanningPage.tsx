import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const PlanningPage = () => <ScreenPlaceholder />;
