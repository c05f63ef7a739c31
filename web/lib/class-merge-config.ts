import { type Config, validators } from "tailwind-merge";

/*
 * The class groups `cn` merges, for tailwind-merge's createTailwindMerge. twMerge's default
 * configuration knows every Tailwind utility and weighs about 6 KB gzip on every first screen;
 * this one knows the groups the web app uses and the groups those conflict with (p and px/pt,
 * inset and top, size and w/h, rounded and its corners, border widths and their sides, …).
 *
 * Each group is copied whole from tailwind-merge's default configuration
 * (node_modules/tailwind-merge/src/lib/default-config.ts), theme scales written out, in the same
 * order: when groups share a prefix, the first whose validator accepts a class wins. A class of a
 * missing group is the trap: under a prefix with a colour group it is taken for a colour
 * (`text-nowrap` would then override `text-red-500`), elsewhere it is left unmerged.
 * web/lib/cn.test.ts merges every pair of the classes the web app writes with this configuration
 * and with twMerge and names the pairs that differ; to fix one, copy the missing group and its
 * conflictingClassGroups entries from the default configuration (the test checks that both match).
 */

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNamedContainerQuery,
  isNumber,
  isTshirtSize,
} = validators;

type ClassGroup = Config<string, never>["classGroups"][string];

/** Groups named after their classes' prefix, all on one scale: `{ px: [{ px: SPACING() }], … }`. */
function prefixed<const Id extends string>(ids: readonly Id[], scale: () => ClassGroup): Record<Id, ClassGroup> {
  return Object.fromEntries(ids.map((id): [Id, ClassGroup] => [id, [{ [id]: scale() }]])) as Record<Id, ClassGroup>;
}

const SIDES = ["x", "y", "s", "e", "bs", "be", "t", "r", "b", "l"] as const;
type Side = (typeof SIDES)[number];

/** A border group and its sides: `border-w` for `border-2`, `border-w-t` for `border-t-2`, … */
function sided<const Id extends string>(id: Id, prefix: string, scale: () => ClassGroup): Record<Id | `${Id}-${Side}`, ClassGroup> {
  const sides = SIDES.map((side): [string, ClassGroup] => [`${id}-${side}`, [{ [`${prefix}-${side}`]: scale() }]]);
  return Object.fromEntries([[id, [{ [prefix]: scale() }]], ...sides]) as Record<Id | `${Id}-${Side}`, ClassGroup>;
}
const sidesOf = <const Id extends string>(id: Id, sides: readonly Side[] = SIDES) => sides.map((side) => `${id}-${side}` as const);

const PADDING = ["p", "px", "py", "ps", "pe", "pbs", "pbe", "pt", "pr", "pb", "pl"] as const;
const MARGIN_GROUPS = ["m", "mx", "my", "ms", "me", "mbs", "mbe", "mt", "mr", "mb", "ml"] as const;
const ROUNDED_SIDES = ["rounded-s", "rounded-e", "rounded-t", "rounded-r", "rounded-b", "rounded-l"] as const;
const CORNERS = ["rounded-ss", "rounded-se", "rounded-ee", "rounded-es", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"] as const;

// The default theme's scales, which the default configuration reaches through fromTheme().
const SPACING = () => ["px", isNumber, isArbitraryVariable, isArbitraryValue];
const COLOR = () => [isAny, isArbitraryVariable, isArbitraryValue];
const RADIUS = () => ["", "none", "full", isTshirtSize, isArbitraryVariable, isArbitraryValue];
const BORDER_WIDTH = () => ["", isNumber, isArbitraryVariableLength, isArbitraryLength];
const LINE_STYLE = () => ["solid", "dashed", "dotted", "double"];
const OVERFLOW = () => ["auto", "hidden", "clip", "visible", "scroll"];
const INSET = () => [isFraction, "full", "auto", ...SPACING()];
const MARGIN = () => ["auto", ...SPACING()];
const SIZING = () => [isFraction, "auto", "full", "dvw", "dvh", "lvw", "lvh", "svw", "svh", "min", "max", "fit", ...SPACING()];
const GRID_SPAN = () => ["auto", { span: ["full", isInteger, isArbitraryVariable, isArbitraryValue] }, isInteger, isArbitraryVariable, isArbitraryValue];
const ALIGN = () => ["start", "end", "center", "stretch", "center-safe", "end-safe"];
const TRANSLATE = () => [isFraction, "full", ...SPACING()];
const FONT_WEIGHT = ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"];
const CURSOR = [
  "auto", "default", "pointer", "wait", "text", "move", "help", "not-allowed", "none", "context-menu", "progress", "cell", "crosshair", "vertical-text",
  "alias", "copy", "no-drop", "grab", "grabbing", "all-scroll", "col-resize", "row-resize", "n-resize", "e-resize", "s-resize", "w-resize",
  "ne-resize", "nw-resize", "se-resize", "sw-resize", "ew-resize", "ns-resize", "nesw-resize", "nwse-resize", "zoom-in", "zoom-out",
];

function createClassGroups() {
  return {
    // Layout
    aspect: [{ aspect: ["auto", "square", isFraction, isArbitraryValue, isArbitraryVariable, "video"] }],
    container: ["container"],
    "container-type": [{ "@container": ["", "normal", "size", isArbitraryVariable, isArbitraryValue] }],
    "container-named": [isNamedContainerQuery],
    display: [
      "block", "inline-block", "inline", "flex", "inline-flex", "table", "inline-table", "table-caption", "table-cell", "table-column", "table-column-group",
      "table-footer-group", "table-header-group", "table-row-group", "table-row", "flow-root", "grid", "inline-grid", "contents", "list-item", "hidden",
    ],
    sr: ["sr-only", "not-sr-only"],
    float: [{ float: ["right", "left", "none", "start", "end"] }],
    clear: [{ clear: ["left", "right", "both", "none", "start", "end"] }],
    "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
    ...prefixed(["overflow", "overflow-x", "overflow-y"], OVERFLOW),
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    ...prefixed(["inset", "inset-x", "inset-y"], INSET),
    start: [{ "inset-s": INSET(), start: INSET() }],
    end: [{ "inset-e": INSET(), end: INSET() }],
    ...prefixed(["inset-bs", "inset-be", "top", "right", "bottom", "left"], INSET),
    visibility: ["visible", "invisible", "collapse"],
    z: [{ z: [isInteger, "auto", isArbitraryVariable, isArbitraryValue] }],
    // Flexbox and grid
    basis: [{ basis: [isFraction, "full", "auto", isTshirtSize, ...SPACING()] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    "flex-wrap": [{ flex: ["nowrap", "wrap", "wrap-reverse"] }],
    flex: [{ flex: [isNumber, isFraction, "auto", "initial", "none", isArbitraryValue] }],
    grow: [{ grow: ["", isNumber, isArbitraryVariable, isArbitraryValue] }],
    shrink: [{ shrink: ["", isNumber, isArbitraryVariable, isArbitraryValue] }],
    "grid-cols": [{ "grid-cols": [isInteger, "none", "subgrid", isArbitraryVariable, isArbitraryValue] }],
    "col-start-end": [{ col: GRID_SPAN() }],
    "row-start-end": [{ row: GRID_SPAN() }],
    ...prefixed(["gap", "gap-x", "gap-y"], SPACING),
    "justify-content": [{ justify: [...ALIGN(), "between", "around", "evenly", "baseline", "normal"] }],
    "align-items": [{ items: [...ALIGN(), { baseline: ["", "last"] }] }],
    // Spacing
    ...prefixed(PADDING, SPACING),
    ...prefixed(MARGIN_GROUPS, MARGIN),
    "space-y": [{ "space-y": SPACING() }],
    // Sizing
    size: [{ size: SIZING() }],
    w: [{ w: [isTshirtSize, "screen", ...SIZING()] }],
    "min-w": [{ "min-w": [isTshirtSize, "screen", "none", ...SIZING()] }],
    "max-w": [{ "max-w": [isTshirtSize, "screen", "none", "prose", { screen: [isTshirtSize] }, ...SIZING()] }],
    h: [{ h: ["screen", "lh", ...SIZING()] }],
    "min-h": [{ "min-h": ["screen", "lh", "none", ...SIZING()] }],
    "max-h": [{ "max-h": ["screen", "lh", "none", ...SIZING()] }],
    // Typography
    "font-size": [{ text: ["base", isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    "font-style": ["italic", "not-italic"],
    "font-weight": [{ font: [...FONT_WEIGHT, isArbitraryVariableWeight, isArbitraryWeight] }],
    "font-family": [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, isAnyNonArbitrary] }],
    "fvn-normal": ["normal-nums"],
    "fvn-spacing": ["proportional-nums", "tabular-nums"],
    tracking: [{ tracking: ["tighter", "tight", "normal", "wide", "wider", "widest", isArbitraryVariable, isArbitraryValue] }],
    "line-clamp": [{ "line-clamp": [isNumber, "none", isArbitraryVariable, isArbitraryNumber] }],
    leading: [{ leading: ["none", "tight", "snug", "normal", "relaxed", "loose", ...SPACING()] }],
    "list-style-position": [{ list: ["inside", "outside"] }],
    "list-style-type": [{ list: ["disc", "decimal", "none", isArbitraryVariable, isArbitraryValue] }],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-color": [{ text: COLOR() }],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "underline-offset": [{ "underline-offset": [isNumber, "auto", isArbitraryVariable, isArbitraryValue] }],
    "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
    "vertical-align": [{ align: ["baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super", isArbitraryVariable, isArbitraryValue] }],
    whitespace: [{ whitespace: ["normal", "nowrap", "pre", "pre-line", "pre-wrap", "break-spaces"] }],
    break: [{ break: ["normal", "words", "all", "keep"] }],
    content: [{ content: ["none", isArbitraryVariable, isArbitraryValue] }],
    // Backgrounds
    "bg-color": [{ bg: COLOR() }],
    // Borders
    ...prefixed(["rounded", ...ROUNDED_SIDES, ...CORNERS], RADIUS),
    ...sided("border-w", "border", BORDER_WIDTH),
    "divide-y": [{ "divide-y": BORDER_WIDTH() }],
    "border-style": [{ border: [...LINE_STYLE(), "hidden", "none"] }],
    ...sided("border-color", "border", COLOR),
    "divide-color": [{ divide: COLOR() }],
    "outline-style": [{ outline: [...LINE_STYLE(), "none", "hidden"] }],
    "outline-offset": [{ "outline-offset": [isNumber, isArbitraryVariable, isArbitraryValue] }],
    "outline-w": [{ outline: ["", isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    "outline-color": [{ outline: COLOR() }],
    // Effects and filters
    shadow: [{ shadow: ["", "inner", "none", isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow] }],
    "ring-w": [{ ring: BORDER_WIDTH() }],
    "ring-w-inset": ["ring-inset"],
    "ring-color": [{ ring: COLOR() }],
    "ring-offset-w": [{ "ring-offset": [isNumber, isArbitraryLength] }],
    "ring-offset-color": [{ "ring-offset": COLOR() }],
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    filter: [{ filter: ["", "none", isArbitraryVariable, isArbitraryValue] }],
    // Tables
    "border-collapse": [{ border: ["collapse", "separate"] }],
    "table-layout": [{ table: ["auto", "fixed"] }],
    caption: [{ caption: ["top", "bottom"] }],
    // Transitions, animation and transforms
    transition: [{ transition: ["", "all", "colors", "opacity", "shadow", "transform", "none", isArbitraryVariable, isArbitraryValue] }],
    animate: [{ animate: ["none", "spin", "ping", "pulse", "bounce", isArbitraryVariable, isArbitraryValue] }],
    rotate: [{ rotate: ["none", isNumber, isArbitraryVariable, isArbitraryValue] }],
    ...prefixed(["translate", "translate-x", "translate-y", "translate-z"], TRANSLATE),
    "translate-none": ["translate-none"],
    // Interactivity and SVG
    accent: [{ accent: COLOR() }],
    cursor: [{ cursor: [...CURSOR, isArbitraryVariable, isArbitraryValue] }],
    "pointer-events": [{ "pointer-events": ["auto", "none"] }],
    resize: [{ resize: ["none", "", "y", "x"] }],
    select: [{ select: ["none", "text", "all", "auto"] }],
    stroke: [{ stroke: ["none", ...COLOR()] }],
  };
}

type ClassGroupId = keyof ReturnType<typeof createClassGroups>;

/** The configuration `cn` merges with: a subset of tailwind-merge's default one (see above). */
export function getClassMergeConfig(): Config<ClassGroupId, never> {
  return {
    cacheSize: 500,
    theme: {},
    classGroups: createClassGroups(),
    conflictingClassGroups: {
      "container-named": ["container-type"],
      overflow: ["overflow-x", "overflow-y"],
      inset: ["inset-x", "inset-y", "inset-bs", "inset-be", "start", "end", "top", "right", "bottom", "left"],
      "inset-x": ["start", "end", "right", "left"],
      "inset-y": ["inset-bs", "inset-be", "top", "bottom"],
      flex: ["basis", "grow", "shrink"],
      gap: ["gap-x", "gap-y"],
      p: PADDING.slice(1),
      px: ["ps", "pe", "pr", "pl"],
      py: ["pbs", "pbe", "pt", "pb"],
      m: MARGIN_GROUPS.slice(1),
      mx: ["ms", "me", "mr", "ml"],
      my: ["mbs", "mbe", "mt", "mb"],
      size: ["w", "h"],
      "font-size": ["leading"],
      "fvn-normal": ["fvn-spacing"],
      "fvn-spacing": ["fvn-normal"],
      "line-clamp": ["display", "overflow"],
      rounded: [...ROUNDED_SIDES, ...CORNERS],
      "rounded-s": ["rounded-ss", "rounded-es"],
      "rounded-e": ["rounded-se", "rounded-ee"],
      "rounded-t": ["rounded-tl", "rounded-tr"],
      "rounded-r": ["rounded-tr", "rounded-br"],
      "rounded-b": ["rounded-br", "rounded-bl"],
      "rounded-l": ["rounded-tl", "rounded-bl"],
      "border-w": sidesOf("border-w"),
      "border-w-x": sidesOf("border-w", ["s", "e", "r", "l"]),
      "border-w-y": sidesOf("border-w", ["bs", "be", "t", "b"]),
      "border-color": sidesOf("border-color"),
      "border-color-x": sidesOf("border-color", ["s", "e", "r", "l"]),
      "border-color-y": sidesOf("border-color", ["bs", "be", "t", "b"]),
      translate: ["translate-x", "translate-y", "translate-none"],
      "translate-none": ["translate", "translate-x", "translate-y", "translate-z"],
    },
    conflictingClassGroupModifiers: { "font-size": ["leading"] },
    postfixLookupClassGroups: ["container-type"],
    orderSensitiveModifiers: ["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line", "marker", "placeholder", "selection"],
  };
}
