package gomoku

// defaultTable is the evaluation's cell table (see CellTable).
var defaultTable = TableOf(&defaultWeights)
