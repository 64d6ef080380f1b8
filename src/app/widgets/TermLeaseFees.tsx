/**
 * The fees that apply per booked location (SPEC §3 Fee, §4 Term lease booking) and their total, in
 * the line items and on review. One row per fee, plain elements (term-lease-lines.css): a booking
 * of many locations has a fee row for each.
 */
import { Box, Heading, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { type FeeView, feesTotal } from '../../domain/term-lease';
import { money, nameOf } from './term-lease-format';
import './term-lease-lines.css';

/** One fee; memoised on its shown values, so a keystroke re-renders only the fees that changed. */
const FeeRow = memo(function FeeRow(props: {
  location: string;
  description: string;
  amount: number;
  state: string;
}) {
  return (
    <tr data-testid="fee-row">
      <td>{props.location}</td>
      <td>{props.description}</td>
      <td>{money(props.amount)}</td>
      <td>{props.state}</td>
    </tr>
  );
});

export function FeesTable({ fees, names }: { fees: readonly FeeView[]; names: Map<number, string> }) {
  return (
    <Box as="section" aria-label="Fees">
      <Heading as="h4" size="sm" mb={2}>
        Fees
      </Heading>
      {fees.length === 0 ? (
        <Text>No fees apply yet.</Text>
      ) : (
        <table className="tl-table" aria-label="Fees per booked location">
          <thead>
            <tr>
              <th>Location</th>
              <th>Fee</th>
              <th>Amount</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {fees.map((f) => (
              <FeeRow
                key={`${f.longTermOrderFeeId ?? 'new'}-${f.feeId}-${f.feeLocation}`}
                location={nameOf(names, f.feeLocation ?? undefined)}
                description={f.feeDescription ?? `Fee ${f.feeId}`}
                amount={f.feeAmount ?? 0}
                state={f.LockedForEdit ? 'Locked' : f.cancelled ? 'Cancelled' : f.isNew ? 'New' : 'Saved'}
              />
            ))}
          </tbody>
        </table>
      )}
      <Text mt={2} role="status" aria-live="polite">
        Total fees: <strong data-testid="fees-total">{money(feesTotal(fees))}</strong>
      </Text>
    </Box>
  );
}
