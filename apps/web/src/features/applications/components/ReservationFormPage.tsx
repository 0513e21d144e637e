import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';

export const ReservationFormPage = () => <ScreenPlaceholder />;
