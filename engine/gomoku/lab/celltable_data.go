package lab

// defaultTable is the cell table of the engine's weights (see CellTable);
// a fitted table kept for the fits to start from replaces it here
// (gomokutune table -go).
var defaultTable = TableOf(new(DefaultWeights()))
