package httpapi_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{40, 120, 60, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload posts data as the multipart field (with a file name and a claimed type).
func (h *harness) upload(token, field, filename, claimedType string, data []byte) response {
	h.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	hdr := make(map[string][]string)
	hdr["Content-Disposition"] = []string{`form-data; name="` + field + `"; filename="` + filename + `"`}
	hdr["Content-Type"] = []string{claimedType}
	part, _ := mw.CreatePart(hdr)
	part.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", h.srv.URL+"/api/upload/image", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	validateAnswer(h.t, req, res, raw)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = jsonUnmarshal(raw, &out.body)
	return out
}

func TestUploadImage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, options{})
	tok := h.gardener("poppy")
	img := pngBytes(t)

	r := h.upload(tok, "file", "leaf.jpg", "image/jpeg", img) // wrong name and claim: the bytes decide
	expect(t, r, 201, "")
	url := r.body["imageUrl"].(string)
	if !strings.HasPrefix(url, "/api/images/") || !strings.HasSuffix(url, ".png") {
		t.Fatalf("imageUrl %q", url)
	}
	res, err := h.srv.Client().Get(h.srv.URL + url) // no token: <img> cannot send one
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(got, img) || res.Header.Get("Content-Type") != "image/png" ||
		!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("serving: %d %v %d bytes", res.StatusCode, res.Header, len(got))
	}
	// The URL is accepted as a plant's image.
	p := h.do("POST", "/api/plants", tok, map[string]any{"name": "Poppy", "plantType": "Flowers", "imageUrl": url})
	expect(t, p, 201, "")

	expect(t, h.upload(tok, "file", "page.jpg", "image/jpeg", []byte("<html><script>alert(1)</script></html>")), 400,
		"Only JPEG, PNG, GIF and WebP images can be uploaded.")
	expect(t, h.upload(tok, "file", "logo.svg", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)), 400,
		"Only JPEG, PNG, GIF and WebP images can be uploaded.")
	big := append(append([]byte{}, img...), make([]byte, 5<<20)...)
	expect(t, h.upload(tok, "file", "huge.png", "image/png", big), 413, "Image is too large: the limit is 5 MB.")
	endless := make([]byte, 7<<20)
	copy(endless, img)
	expect(t, h.upload(tok, "file", "endless.png", "image/png", endless), 413, "Image is too large: the limit is 5 MB.")
	expect(t, h.upload(tok, "photo", "leaf.png", "image/png", img), 400, `Choose an image to upload (form field "file")`)
	expect(t, h.upload("", "file", "leaf.png", "image/png", img), 401, "")
	expect(t, h.do("POST", "/api/upload/image", tok, `{"file":"x"}`), 400, `Send the image as multipart/form-data in the field "file"`)

	for _, bad := range []string{"/api/images/missing.png", "/api/images/../images/x.png", "/api/images/%2e%2e/secret"} {
		res, err := h.srv.Client().Get(h.srv.URL + bad)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s answered %d", bad, res.StatusCode)
		}
	}
}
