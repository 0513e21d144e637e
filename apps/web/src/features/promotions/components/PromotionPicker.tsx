import type { User } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { SelectField } from '../../../components/ui/Field';
import { selectPromotion } from '../api/select-promotion';

const optionLabel = (title: string, unread: number) => (unread > 0 ? `${title} · ${unread} non lu${unread > 1 ? 's' : ''}` : title);

/** The current promotion, with each promotion's unread messages. */
export const PromotionPicker = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  if (user.promotions.length === 0) return null;
  const current = user.preferences.selected_promotion;

  return (
    <SelectField
      label="Promotion"
      inline
      value={current ?? ''}
      onChange={(event) => {
        const id = Number(event.target.value);
        if (id && id !== current) void selectPromotion(queryClient, id).catch(() => undefined);
      }}
    >
      {current === null && <option value="">Choisir une promotion</option>}
      {user.promotions.map((promotion) => (
        <option key={promotion.id} value={promotion.id}>
          {optionLabel(promotion.title, promotion.unread_messages)}
        </option>
      ))}
    </SelectField>
  );
};
