import { observer } from 'mobx-react-lite';
import {
  type EquipmentCategoryRow,
  filterLocationsByMarket,
  type LocationRow,
  type MarketRow,
} from '../../domain/lookups';
import { useStores } from '../stores/StoresContext';
import { chassisSizes, SelectField } from './fields';

/**
 * Issue 25: the shared filters of the staff lists — market, location, size and class — each a
 * labelled select over the lookups, showing names ("CHI – Chicago", "40' Chassis", "Standard").
 * `any` is the empty choice's text; leave it out where a value is required.
 */
interface FilterProps {
  value: string;
  onChange: (value: string) => void;
  any?: string;
  label?: string;
  disabled?: boolean;
}

export const MarketFilter = observer(function MarketFilter(props: FilterProps) {
  const { lookups } = useStores();
  const markets = lookups.rows<MarketRow>('locationmarkets');
  return (
    <SelectField
      label={props.label ?? 'Market'}
      any={props.any}
      value={props.value}
      disabled={props.disabled}
      options={markets.map((m) => ({ value: m.MarketCode, label: `${m.MarketCode} – ${m.MarketName}` }))}
      onChange={props.onChange}
    />
  );
});

/** Locations, narrowed to the chosen market when there is one. */
export const LocationFilter = observer(function LocationFilter(props: FilterProps & { market?: string }) {
  const { lookups } = useStores();
  const all = lookups.rows<LocationRow>('locations');
  const locations = props.market ? filterLocationsByMarket(all, props.market) : all;
  return (
    <SelectField
      label={props.label ?? 'Location'}
      any={props.any}
      value={props.value}
      disabled={props.disabled}
      options={locations.map((l) => ({ value: String(l.LocationId), label: l.LocationName }))}
      onChange={props.onChange}
    />
  );
});

/** Chassis sizes (the pool books chassis), by their names. */
export const SizeFilter = observer(function SizeFilter(props: FilterProps) {
  const { lookups } = useStores();
  return (
    <SelectField
      label={props.label ?? 'Size'}
      any={props.any}
      value={props.value}
      disabled={props.disabled}
      options={chassisSizes(lookups.rows<EquipmentCategoryRow>('equipmentCategories'))}
      onChange={props.onChange}
    />
  );
});

export const ClassFilter = observer(function ClassFilter(props: FilterProps) {
  const { lookups } = useStores();
  return (
    <SelectField
      label={props.label ?? 'Class'}
      any={props.any}
      value={props.value}
      disabled={props.disabled}
      options={lookups
        .rows<{ Code: string; Name: string }>('equipmentClasses')
        .map((c) => ({ value: c.Code, label: c.Name }))}
      onChange={props.onChange}
    />
  );
});
