package inspect

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"path"
	"slices"
	"strings"

	"gaelab/web/inspect/tensorfile"
)

// A run uploaded to /inspect is a .zip of a run directory, the layout
// gaelab inspect DIR reads: its dumps (RunFormats) side by side, at the
// archive's root or in one folder (zip -r run.zip run/). Its bounds:
const (
	// MaxRunDumps is the most dumps a run's zip may hold.
	MaxRunDumps = 64
	// MaxRunEntries is the most entries of any kind (dumps, folders,
	// configs, logs), counted before archive/zip reads the directory.
	MaxRunEntries = 256
	// maxRunRatio is the most an entry of over 1 MiB may inflate per
	// compressed byte: verl's dumps deflate about 1–10 times, a zip bomb
	// hundreds of times.
	maxRunRatio = 100
	// maxRunBytes bounds the dumps' declared bytes in all (each is within
	// Limits.MaxBytes, the readers' budget for one file).
	maxRunBytes = 4 * 256 << 20
)

// RunConfigName is a run's Hydra config inside its folder, as Hydra
// writes it beside a run (outputs/DATE/TIME/.hydra/config.yaml): read as
// every step's config sidecar (RunConfig), in a zip as in a directory.
const RunConfigName = ".hydra/config.yaml"

// maxRunConfig bounds a run's config file, as gaelab inspect --config's.
const maxRunConfig = 1 << 20

// RunDir is what a run holds: its dumps, and its RunConfigName (nil when
// it has none). ReadRunZip lists a zip's; gaelab inspect DIR a directory's.
type RunDir struct {
	Files  []RunFile
	Config *RunFile
}

// RunFormats are the extensions of a run's dumps (a lone .npy holds one
// tensor, not a batch).
var RunFormats = []string{".npz", ".safetensors", ".json"}

// RunFile is one dump of a run's zip: its name in the run's folder, and
// its entry, inflated by Read.
type RunFile struct {
	Name string
	Size int64 // declared uncompressed bytes
	zf   *zip.File
	read func() ([]byte, error) // a file of a directory (NewRunFile)
}

// NewRunFile is a dump of a run directory on disk (gaelab inspect DIR):
// its name, size and how to read it.
func NewRunFile(name string, size int64, read func() ([]byte, error)) RunFile {
	return RunFile{Name: name, Size: size, read: read}
}

// IsRunZip reports whether an upload is a run's zip rather than one
// batch: a zip archive (an .npz is one too) none of whose entries is an
// .npy array, or any file whose name ends in .zip (so that one that is
// no zip is refused as such, not read as a batch).
func IsRunZip(data []byte, name string) bool {
	if len(data) >= 4 && string(data[:4]) == "PK\x03\x04" {
		return !isNPZ(data) && !torchSave(data)
	}
	return strings.HasSuffix(strings.ToLower(name), ".zip")
}

// isNPZ reports whether data is a zip whose first local entry is an
// .npy array (np.savez writes nothing else).
func isNPZ(data []byte) bool {
	if len(data) < 30 || string(data[:4]) != "PK\x03\x04" {
		return false
	}
	n := int(data[26]) | int(data[27])<<8
	return 30+n <= len(data) && bytes.HasSuffix(data[30:30+n], []byte(".npy"))
}

// ReadRunZip lists the dumps of a run's zip, refusing an archive that is
// not a zip (run_not_zip), has more than MaxRunEntries entries or
// MaxRunDumps dumps (run_entries), an entry whose path leaves the run's
// folder (run_traversal: absolute, "..", a backslash or a drive), or a
// dump that declares more than Limits.MaxBytes, inflates more than
// maxRunRatio times, or whose dumps declare more than maxRunBytes in all
// (run_bomb), a RunConfigName over maxRunConfig (invalid_value), and one with
// no dump (run_no_dump). The run's folder's RunConfigName is its Config.
// Nothing is inflated here; Read inflates one entry within its declared
// size.
func ReadRunZip(data []byte) (RunDir, error) {
	var run RunDir
	if len(data) < 4 || string(data[:4]) != "PK\x03\x04" && string(data[:4]) != "PK\x05\x06" {
		return RunDir{}, errorf("run_not_zip", "", "the file is not a zip archive: zip the run's directory (zip -r run.zip DIR)")
	}
	if !tensorfile.ZipEntriesWithin(data, MaxRunEntries) {
		return RunDir{}, errorf("run_entries", "", "the zip has more than %d entries", MaxRunEntries)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return RunDir{}, errorf("run_not_zip", "", "the file is not a readable zip archive: %v", err)
	}
	if len(zr.File) > MaxRunEntries {
		return RunDir{}, errorf("run_entries", "", "the zip has %d entries, more than %d", len(zr.File), MaxRunEntries)
	}
	var names []string
	for _, zf := range zr.File {
		if !safeEntry(zf.Name) {
			return RunDir{}, errorf("run_traversal", zf.Name, "the entry's path leaves the run's folder (absolute, .., a backslash or a drive)")
		}
		if !macJunk(zf.Name) {
			names = append(names, zf.Name)
		}
	}
	top := commonFolder(names)
	var total int64
	for _, zf := range zr.File {
		name, ok := strings.CutPrefix(zf.Name, top)
		if ok && name == RunConfigName && zf.Mode().Type() == 0 {
			if err := entryWithin(zf, name, len(data)); err != nil {
				return RunDir{}, err
			}
			if zf.UncompressedSize64 > maxRunConfig {
				return RunDir{}, errorf("invalid_value", name, "the run's config declares %d bytes, more than %d", zf.UncompressedSize64, maxRunConfig)
			}
			run.Config = &RunFile{Name: name, Size: int64(zf.UncompressedSize64), zf: zf}
			continue
		}
		if !ok || macJunk(zf.Name) || strings.Contains(name, "/") || zf.Mode().Type() != 0 || !slices.Contains(RunFormats, strings.ToLower(path.Ext(name))) {
			continue // a folder, a file below the run's folder, a link, or not a dump's format
		}
		if err := entryWithin(zf, name, len(data)); err != nil {
			return RunDir{}, err
		}
		total += int64(zf.UncompressedSize64)
		if total > maxRunBytes {
			return RunDir{}, errorf("run_bomb", name, "the dumps declare more than %d bytes in all", maxRunBytes)
		}
		run.Files = append(run.Files, RunFile{Name: name, Size: int64(zf.UncompressedSize64), zf: zf})
	}
	switch {
	case len(run.Files) == 0:
		return RunDir{}, errorf("run_no_dump", "", "the zip holds no dump (%s) at its root or in its one folder", strings.Join(RunFormats, ", "))
	case len(run.Files) > MaxRunDumps:
		return RunDir{}, errorf("run_entries", "", "the zip holds %d dumps, more than %d", len(run.Files), MaxRunDumps)
	}
	return run, nil
}

// entryWithin refuses a dump entry past the readers' budget or the ratio
// a dump deflates by, or one that claims more compressed bytes than the
// archive of n bytes holds (so that the ratio bounds what it inflates to).
func entryWithin(zf *zip.File, name string, n int) error {
	size, packed := zf.UncompressedSize64, zf.CompressedSize64
	switch {
	case packed > uint64(n):
		return errorf("run_bomb", name, "the entry declares %d compressed bytes, more than the %d-byte archive holds", packed, n)
	case zf.Method != zip.Store && zf.Method != zip.Deflate:
		return errorf("invalid_file", name, "the entry uses compression method %d (want stored or deflate)", zf.Method)
	case size > uint64(Limits.MaxBytes):
		return errorf("run_bomb", name, "the entry declares %d bytes uncompressed, more than %d", size, Limits.MaxBytes)
	case size > 1<<20 && size > maxRunRatio*max(packed, 1):
		return errorf("run_bomb", name, "the entry inflates %d times (%d bytes from %d), more than %d", size/max(packed, 1), size, packed, maxRunRatio)
	}
	return nil
}

// Read inflates the dump, refusing one that inflates past its declared
// size (run_bomb) or is corrupt.
func (f RunFile) Read() ([]byte, error) {
	if f.read != nil {
		return f.read()
	}
	rc, err := f.zf.Open()
	if err != nil {
		return nil, errorf("invalid_file", f.Name, "the entry cannot be opened: %v", err)
	}
	defer rc.Close()
	buf := make([]byte, f.Size)
	if _, err := io.ReadFull(rc, buf); err != nil {
		return nil, errorf("invalid_file", f.Name, "the entry is shorter than it declares (%d bytes): %v", f.Size, err)
	}
	var one [1]byte
	switch n, err := io.ReadFull(rc, one[:]); {
	case n > 0, errors.Is(err, zip.ErrFormat):
		return nil, errorf("run_bomb", f.Name, "the entry inflates to more than the %d bytes it declares", f.Size)
	case err != nil && err != io.EOF:
		return nil, errorf("invalid_file", f.Name, "the entry is corrupt: %v", err)
	}
	return buf, nil
}

// safeEntry reports whether a zip entry's name stays inside the archive:
// relative, slash-separated, without "..", a drive or a NUL.
func safeEntry(name string) bool {
	if name == "" || strings.ContainsAny(name, "\\\x00") || strings.HasPrefix(name, "/") || (len(name) > 1 && name[1] == ':') {
		return false
	}
	return !slices.Contains(strings.Split(name, "/"), "..")
}

// macJunk is what macOS's Archive Utility adds beside the files.
func macJunk(name string) bool {
	return strings.HasPrefix(name, "__MACOSX/") || strings.HasPrefix(path.Base(name), "._") || path.Base(name) == ".DS_Store"
}

// commonFolder is the one top folder every entry is in ("dir/"), "" when
// they are not all in one (or some sit at the root).
func commonFolder(names []string) string {
	top := ""
	for k, n := range names {
		first, _, ok := strings.Cut(n, "/")
		if !ok {
			return ""
		}
		if k == 0 {
			top = first
		} else if first != top {
			return ""
		}
	}
	if top == "" {
		return ""
	}
	return top + "/"
}
