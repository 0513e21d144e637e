import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const CandidatesPage = () => <ScreenPlaceholder />;
