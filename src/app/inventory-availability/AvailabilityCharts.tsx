import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendResponse } from '../../schemas/inventory-availability';
import { formatShortDay } from '../dashboard/format';
import type { LocationBar } from './InventoryAvailabilityStore';

type View = 'chart' | 'table';

/** A chart with the same numbers as a table one click away (accessibility: not everyone reads charts). */
function ChartOrTable(props: {
  title: string;
  view: View;
  onView: (v: View) => void;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <Box as="section" aria-label={props.title} borderWidth="1px" borderRadius="md" p={4}>
      <HStack justify="space-between" mb={2}>
        <Heading as="h2" size="md">
          {props.title}
        </Heading>
        <HStack gap={1} role="group" aria-label={`${props.title}: view`}>
          <Button
            size="xs"
            variant={props.view === 'chart' ? 'solid' : 'outline'}
            aria-pressed={props.view === 'chart'}
            onClick={() => props.onView('chart')}
          >
            Chart
          </Button>
          <Button
            size="xs"
            variant={props.view === 'table' ? 'solid' : 'outline'}
            aria-pressed={props.view === 'table'}
            onClick={() => props.onView('table')}
          >
            Table
          </Button>
        </HStack>
      </HStack>
      {props.view === 'chart' ? props.chart : props.table}
    </Box>
  );
}

/** The location names under the bars: 10 px text, slanted so that neighbours do not overlap. */
const NAME_FONT_PX = 10;
/** A character of that text is ~6 px wide; a little more, so that no name is cut. */
const NAME_CHAR_PX = 6.5;
const NAME_ANGLE_DEG = 35;
const Y_AXIS_WIDTH_PX = 60; // recharts' default
const BAR_SLOT_PX = 36;

/**
 * The room the longest name takes below the axis and to the left of the first bar: a name is
 * right-aligned under its bar and runs down to the left, so a long first name ran past the chart's
 * left edge and the longest past its bottom.
 */
function nameRoom(bars: readonly LocationBar[]): { below: number; left: number } {
  const longest = Math.max(0, ...bars.map((b) => b.LocationName.length)) * NAME_CHAR_PX;
  const angle = (NAME_ANGLE_DEG * Math.PI) / 180;
  const below = longest * Math.sin(angle) + NAME_FONT_PX * Math.cos(angle);
  const across = longest * Math.cos(angle) + NAME_FONT_PX * Math.sin(angle);
  return {
    below: Math.ceil(below) + 10,
    left: Math.max(10, Math.ceil(across - Y_AXIS_WIDTH_PX - BAR_SLOT_PX / 2) + 4),
  };
}

/** Available vs held vs reserved per location (bars). */
export const LocationBars = observer(function LocationBars({ bars }: { bars: LocationBar[] }) {
  const [view, setView] = useState<View>('chart');
  const chart = useChart({
    data: bars,
    series: [
      { name: 'Available', color: 'green.solid' },
      { name: 'Held', color: 'blue.solid' },
      { name: 'Reserved', color: 'orange.solid' },
    ],
  });
  const title = 'Available, held and reserved by location';
  const room = nameRoom(bars);
  return (
    <ChartOrTable
      title={title}
      view={view}
      onView={setView}
      chart={
        bars.length === 0 ? (
          <Text color="fg.muted">No locations to draw.</Text>
        ) : (
          // Each location keeps room for its three bars: on a phone the chart scrolls in its own box
          // rather than drawing bars too thin to see (issue 25).
          <Box overflowX="auto" tabIndex={0} aria-label={`${title}, scrolls sideways`} role="region">
            <Chart.Root
              chart={chart}
              maxH="sm"
              minW={`${bars.length * BAR_SLOT_PX}px`}
              aria-label={`${title} (bar chart)`}
              role="img"
            >
              <BarChart responsive data={chart.data} margin={{ bottom: 5, left: room.left }}>
                <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
                <XAxis
                  dataKey={chart.key('LocationName')}
                  tick={{ fontSize: NAME_FONT_PX }}
                  interval={0}
                  angle={-NAME_ANGLE_DEG}
                  textAnchor="end"
                  // The names, then the axis's own label under them.
                  height={room.below + 20}
                  label={{ value: 'Location', position: 'insideBottom', offset: 0 }}
                />
                <YAxis
                  width={Y_AXIS_WIDTH_PX}
                  allowDecimals={false}
                  label={{ value: 'Units', angle: -90, position: 'insideLeft' }}
                />
                <Tooltip
                  cursor={{ fill: chart.color('bg.muted') }}
                  animationDuration={0}
                  content={<Chart.Tooltip />}
                />
                <Legend verticalAlign="top" content={<Chart.Legend />} />
                {chart.series.map((s) => (
                  <Bar
                    key={String(s.name)}
                    isAnimationActive={false}
                    dataKey={chart.key(s.name)}
                    fill={chart.color(s.color)}
                  />
                ))}
              </BarChart>
            </Chart.Root>
          </Box>
        )
      }
      table={
        <Table.Root size="sm" aria-label={`${title} (table)`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Available</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Held</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reserved</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bars.map((b) => (
              <Table.Row key={b.LocationName}>
                <Table.Cell>{b.LocationName}</Table.Cell>
                <Table.Cell textAlign="end">{b.Available}</Table.Cell>
                <Table.Cell textAlign="end">{b.Held}</Table.Cell>
                <Table.Cell textAlign="end">{b.Reserved}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      }
    />
  );
});

const PALETTE = ['blue.solid', 'purple.solid', 'teal.solid', 'pink.solid', 'cyan.solid', 'red.solid'];

/** Bookings against availability over the last weeks per market (a line; available now dashed). */
export const MarketTrend = observer(function MarketTrend({ trend }: { trend: TrendResponse | null }) {
  const [view, setView] = useState<View>('chart');
  const markets = trend?.Markets ?? [];
  const weeks = (trend?.Weeks ?? []).map(formatShortDay);
  const data = weeks.map((week, i) => {
    const point: Record<string, string | number> = { week };
    for (const m of markets) {
      point[`${m.MarketName} booked`] = m.BookedUnits[i] ?? 0;
      point[`${m.MarketName} available now`] = m.AvailableNow;
    }
    return point;
  });
  const chart = useChart({
    data,
    series: markets.flatMap((m, i) => [
      { name: `${m.MarketName} booked`, color: PALETTE[i % PALETTE.length] },
      { name: `${m.MarketName} available now`, color: PALETTE[i % PALETTE.length], strokeDasharray: '4 4' },
    ]),
  });
  const title = 'Units booked per week against available now, by market';
  return (
    <ChartOrTable
      title={title}
      view={view}
      onView={setView}
      chart={
        data.length === 0 ? (
          <Text color="fg.muted">No weeks to draw.</Text>
        ) : (
          <Chart.Root chart={chart} maxH="sm" aria-label={`${title} (line chart)`} role="img">
            <LineChart responsive data={chart.data} margin={{ bottom: 30, left: 10 }}>
              <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
              <XAxis
                dataKey={chart.key('week')}
                label={{ value: 'Week starting (Monday)', position: 'insideBottom', offset: -20 }}
              />
              <YAxis allowDecimals={false} label={{ value: 'Units', angle: -90, position: 'insideLeft' }} />
              <Tooltip animationDuration={0} content={<Chart.Tooltip />} />
              <Legend verticalAlign="top" content={<Chart.Legend />} />
              {chart.series.map((s) => (
                <Line
                  key={String(s.name)}
                  isAnimationActive={false}
                  type="monotone"
                  dataKey={chart.key(s.name)}
                  stroke={chart.color(s.color)}
                  strokeDasharray={s.strokeDasharray}
                  dot={false}
                />
              ))}
            </LineChart>
          </Chart.Root>
        )
      }
      table={
        <Stack gap={1}>
          {/* A column a week: on a phone the weeks scroll sideways inside the card, not off the page. */}
          <Box overflowX="auto" tabIndex={0} aria-label={`${title} (table), scrolls sideways`} role="region">
            <Table.Root size="sm" aria-label={`${title} (table)`}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Market</Table.ColumnHeader>
                  {weeks.map((w) => (
                    <Table.ColumnHeader key={w} textAlign="end" whiteSpace="nowrap" px={1.5}>
                      {w}
                    </Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader textAlign="end">Available now</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {markets.map((m) => (
                  <Table.Row key={m.MarketCode}>
                    <Table.Cell>{m.MarketName}</Table.Cell>
                    {m.BookedUnits.map((n, i) => (
                      <Table.Cell key={weeks[i] ?? i} textAlign="end" px={1.5}>
                        {n}
                      </Table.Cell>
                    ))}
                    <Table.Cell textAlign="end">{m.AvailableNow}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Text fontSize="xs" color="fg.muted">
            Weekly figures are units booked; availability is not kept as a history, so “available now” is
            today’s level.
          </Text>
        </Stack>
      }
    />
  );
});
