import type { BuildingMainLot } from '@promovente/shared';
import { useSearchParams } from 'react-router';
import { BuildingList } from './BuildingList';
import { BuildingLotsView } from './BuildingLotsView';
import { LotPage } from './LotPage';

/** The address of a place in the 'Lots' menu: ?building=&lot=&child= (the record opens 'Lots' when one is there). */
export const LOTS_MENU_PARAMS = ['building', 'lot', 'child'] as const;
const STEPS = LOTS_MENU_PARAMS;
type Step = (typeof STEPS)[number];

/** An id of the address, or null (anything else than digits names nothing). */
const idOf = (value: string | null) => (value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null);

/**
 * The 'Lots' menu of the promotion record (docs/product/promotion-administration.md#lots-menu):
 * buildings, a building's main lots, a lot with its associated lots. Where the user is lives in
 * the address (?building=&lot=&child=), so back, forward and reload return to it.
 */
export const LotsMenu = ({ promotionId, admin }: { promotionId: number; admin: boolean }) => {
  const [params, setParams] = useSearchParams();
  const buildingId = idOf(params.get('building'));
  const lotId = idOf(params.get('lot'));
  const childId = idOf(params.get('child'));

  /** Goes to a step: the steps below it are left out of the address. */
  const go = (values: Partial<Record<Step, number>>) => {
    const next = new URLSearchParams(params);
    for (const step of STEPS) {
      const value = values[step];
      if (value === undefined) next.delete(step);
      else next.set(step, String(value));
    }
    setParams(next);
  };
  const home = () => go({});

  if (buildingId === null) return <BuildingList promotionId={promotionId} admin={admin} onOpen={(id) => go({ building: id })} />;
  if (lotId === null) {
    return (
      <BuildingLotsView
        promotionId={promotionId}
        admin={admin}
        buildingId={buildingId}
        onHome={home}
        onOpenLot={(lot: BuildingMainLot) => go({ building: buildingId, lot: lot.id })}
      />
    );
  }
  return (
    <LotPage
      key={`${lotId}-${childId}`}
      promotionId={promotionId}
      admin={admin}
      buildingId={buildingId}
      lotId={lotId}
      childId={childId}
      onHome={home}
      onBuilding={() => go({ building: buildingId })}
      onLot={() => go({ building: buildingId, lot: lotId })}
      onChild={(child) => go({ building: buildingId, lot: lotId, child: child.id })}
    />
  );
};
