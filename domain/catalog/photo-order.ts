// Positions are gapped so that moving a photo is one write: it takes a new position between its
// neighbours' (halfway between 1024 and 2048, say) instead of every later photo being renumbered.
// Whole orders are written as index × POSITION_GAP: ten halvings fit between two neighbours
// before a renumbering is needed.
export const POSITION_GAP = 1024;
