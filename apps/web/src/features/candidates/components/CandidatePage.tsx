import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const CandidatePage = () => <ScreenPlaceholder />;
