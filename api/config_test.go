package api_test

import (
	"reflect"
	"testing"

	"movesvc/api"
)

// TestZeroConfigIsTheDefault: a Config's zero means the default for every
// number, so that Config{} runs as DefaultConfig() (CORS aside: origins
// are taken as given, none when nil); a negative queue or result cache is
// none and stays so.
func TestZeroConfigIsTheDefault(t *testing.T) {
	want := api.DefaultConfig().WithDefaults()
	want.CORSOrigins = nil
	if got := (api.Config{}).WithDefaults(); !reflect.DeepEqual(got, want) {
		t.Errorf("Config{} runs as %+v, DefaultConfig() as %+v", got, want)
	}
	if got := (api.Config{}).WithDefaults(); got.QueueSize != api.DefaultQueuePerSlot*got.MaxSearches || got.ResultCache <= 0 {
		t.Errorf("Config{}: queue %d, result cache %d; want %d per slot and a cache", got.QueueSize, got.ResultCache, api.DefaultQueuePerSlot)
	}
	none := (api.Config{QueueSize: -1, ResultCache: -1}).WithDefaults()
	if none.QueueSize >= 0 || none.ResultCache >= 0 {
		t.Errorf("none: queue %d, result cache %d; want both negative", none.QueueSize, none.ResultCache)
	}
	if again := none.WithDefaults(); !reflect.DeepEqual(again, none) {
		t.Errorf("WithDefaults twice: %+v, then %+v", none, again)
	}
}
