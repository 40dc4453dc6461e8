package gomoku

// defaultTable is the cell table of the evaluation's weights (see
// CellTable); a fitted table kept for the engine replaces it here.
var defaultTable = TableOf(&defaultWeights)
