import { MESSAGES } from '@promovente/shared';
import { useState } from 'react';
import { useUser } from '../../../lib/auth';
import { LotsMenu } from '../../buildings';
import { PEOPLE_KINDS, type PeopleKind, PeopleMenu } from '../../people';
import { PriceGridImport } from '../../price-grid';
import { InformationsMenu } from './record/InformationsMenu';

/** The seven menus of the promotion record (docs/product/promotion-administration.md#promotion-record). */
const MENUS = [
  { key: 'informations', label: 'Informations' },
  { key: 'lots', label: 'Lots' },
  ...PEOPLE_KINDS.map((kind) => ({ key: kind.key, label: kind.menuLabel })),
] as const satisfies readonly { key: string; label: string }[];

type MenuKey = 'informations' | 'lots' | PeopleKind;

const MENU_KEY = 'promotion-record-menu';

const storedMenu = (): MenuKey => {
  const stored = localStorage.getItem(MENU_KEY);
  return MENUS.some((menu) => menu.key === stored) ? (stored as MenuKey) : 'informations';
};

/** The promotion record: always the current promotion; the chosen menu is remembered. */
export const PromotionSettingsPage = () => {
  const { data: user } = useUser();
  const [menu, setMenu] = useState<MenuKey>(storedMenu);
  const choose = (key: MenuKey) => {
    localStorage.setItem(MENU_KEY, key);
    setMenu(key);
  };
  if (!user) return null;
  const promotion = user.promotion;
  if (!promotion) return <p className="text-sm text-slate-600">{MESSAGES.noPromotion}</p>;
  const admin = user.admin;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{promotion.title}</h1>
      <nav aria-label="Menus de la promotion" className="flex flex-wrap gap-1 border-b border-slate-200">
        {MENUS.map((item) => (
          <button
            key={item.key}
            type="button"
            aria-current={menu === item.key ? 'page' : undefined}
            onClick={() => choose(item.key)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              menu === item.key ? 'border-sky-600 text-sky-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {menu === 'informations' && <InformationsMenu key={promotion.id} promotionId={promotion.id} admin={admin} />}
      {menu === 'lots' && (
        <div className="space-y-4">
          {admin && <PriceGridImport key={promotion.id} promotionId={promotion.id} />}
          <LotsMenu key={promotion.id} promotionId={promotion.id} admin={admin} />
        </div>
      )}
      {PEOPLE_KINDS.some((kind) => kind.key === menu) && (
        <PeopleMenu key={`${promotion.id}-${menu}`} promotionId={promotion.id} kind={menu as PeopleKind} admin={admin} />
      )}
    </div>
  );
};
