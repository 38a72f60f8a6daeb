package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"
)

// apiOp is a route's operation in GET /api/openapi.json (route.op); whether it needs a token
// comes from the route's access. The request and
// response schemas are generated from the Go types the handlers decode and encode, so a field
// added to a wire type shows up in the document by itself.
type apiOp struct {
	summary string
	// in is the request body, as a zero value of the type the handler decodes (nil: no body).
	in any
	// form names the file field of a multipart/form-data body (an upload).
	form string
	// out is the success body, as a zero value of the type the handler encodes (nil: none).
	out any
	// status of a success: 0 is 200 with out and 204 without.
	status int
	// also are other success statuses with the same body (e.g. 200 beside 201 for an upsert).
	also []int
	// page marks a paginated list: ?limit, ?cursor, X-Next-Cursor and Link.
	page bool
	// query lists the query parameters as "name" or "name: description".
	query []string
	// media is the success body's media type when it is not JSON (not described further).
	media string
}

// openAPIRoutes serves the document and the web app's page that renders it.
func (s *Server) openAPIRoutes() []route {
	return []route{
		{method: "GET", path: "/api/openapi.json", open: s.handleOpenAPI,
			op: apiOp{summary: "This OpenAPI 3.1 document", out: map[string]any{}}},
		{method: "GET", path: "/api/docs", open: s.webApp().ServeHTTP,
			op: apiOp{summary: "The API reference rendered from this document (the web app's page)", media: "text/html"}},
	}
}

var (
	openAPIOnce sync.Once
	openAPIBody []byte
	openAPIErr  error
)

func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	openAPIOnce.Do(func() {
		var doc *openapi3.T
		if doc, openAPIErr = OpenAPI(); openAPIErr == nil {
			openAPIBody, openAPIErr = json.Marshal(doc)
		}
	})
	if openAPIErr != nil {
		s.fail(w, r, fmt.Errorf("openapi document: %w", openAPIErr))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(openAPIBody)
}

// OpenAPI builds the OpenAPI 3.1 document of the API from the route tables (routeTables).
func OpenAPI() (*openapi3.T, error) {
	doc := &openapi3.T{
		OpenAPI: "3.1.0",
		Info: &openapi3.Info{Title: "Garden API", Version: "1",
			Description: "The JSON API of Garden. Sign in with POST /api/login (or create a personal API token) and send " +
				"`Authorization: Bearer <token>`. Every error answers with the Error body. Lists marked paginated take " +
				"?limit and ?cursor and name the next page in X-Next-Cursor and Link (docs/api.md)."},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{
			Schemas: openapi3.Schemas{},
			SecuritySchemes: openapi3.SecuritySchemes{"bearer": &openapi3.SecuritySchemeRef{Value: &openapi3.SecurityScheme{
				Type: "http", Scheme: "bearer", Description: "A sign-in token from POST /api/login or a personal API token."}}},
		},
		Security: openapi3.SecurityRequirements{{"bearer": []string{}}},
	}
	schemas := doc.Components.Schemas
	out := openapi3gen.NewGenerator(
		openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true, ExportTopLevelSchema: true}),
		openapi3gen.CreateTypeNameGenerator(componentName),
		openapi3gen.SchemaCustomizer(customizeSchema(true)))
	in := openapi3gen.NewGenerator(openapi3gen.SchemaCustomizer(customizeSchema(false)))

	errRef, err := out.NewSchemaRefForValue(errorJSON{}, schemas)
	if err != nil {
		return nil, err
	}
	errResponse := &openapi3.ResponseRef{Ref: "#/components/responses/Error"}
	doc.Components.Responses = openapi3.ResponseBodies{"Error": &openapi3.ResponseRef{Value: openapi3.NewResponse().
		WithDescription("An error: message is what the page shows, code the kind (invalid, unauthorized, forbidden, " +
			"not_found, conflict, …), errors the message per field of a form.").
		WithContent(openapi3.NewContentWithJSONSchemaRef(errRef))}}

	declared, err := operations()
	if err != nil {
		return nil, err
	}
	byKey := make(map[string]operation, len(declared))
	keys := make([]string, 0, len(declared))
	for _, d := range declared {
		key := d.method + " " + d.path
		if _, dup := byKey[key]; dup {
			return nil, fmt.Errorf("openapi: %s is declared twice", key)
		}
		byKey[key] = d
		keys = append(keys, key)
	}
	slices.Sort(keys)
	ids := map[string]bool{}
	for _, key := range keys {
		d := byKey[key]
		o, method, path := d.op, d.method, d.path
		op := openapi3.NewOperation()
		op.Summary = o.summary
		op.OperationID = operationID(method, path)
		for n := 2; ids[op.OperationID]; n++ {
			op.OperationID = fmt.Sprintf("%s%d", operationID(method, path), n)
		}
		ids[op.OperationID] = true
		op.Tags = []string{tagOf(path)}
		switch {
		case d.public:
			op.Security = &openapi3.SecurityRequirements{}
		case d.visitor:
			op.Security = &openapi3.SecurityRequirements{{"bearer": []string{}}, {}}
		}
		for _, seg := range strings.Split(path, "/") {
			if name, found := strings.CutPrefix(seg, "{"); found {
				name = strings.TrimSuffix(name, "}")
				p := openapi3.NewPathParameter(name).WithSchema(openapi3.NewStringSchema())
				if name == "id" || strings.HasSuffix(name, "Id") {
					p.Schema = openapi3.NewInt64Schema().NewRef()
				}
				op.AddParameter(p)
			}
		}
		query := o.query
		if o.page {
			query = append(slices.Clone(query), "limit: page size (docs/api.md)", "cursor: the X-Next-Cursor of the previous page")
		}
		for _, q := range query {
			name, desc, _ := strings.Cut(q, ":")
			p := openapi3.NewQueryParameter(name).WithDescription(strings.TrimSpace(desc)).WithSchema(openapi3.NewStringSchema())
			if name == "limit" {
				p.Schema = openapi3.NewIntegerSchema().NewRef()
			}
			op.AddParameter(p)
		}
		if o.in != nil {
			ref, err := in.NewSchemaRefForValue(o.in, nil)
			if err != nil {
				return nil, fmt.Errorf("openapi: %s request: %w", key, err)
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithJSONSchemaRef(ref)}
		}
		if o.form != "" {
			file := openapi3.NewStringSchema()
			body := openapi3.NewObjectSchema().WithProperty(o.form, file)
			body.Required = []string{o.form}
			body.Properties[o.form].Value.Description = "The image file."
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
				WithContent(openapi3.Content{"multipart/form-data": openapi3.NewMediaType().WithSchema(body)})}
		}
		op.Responses = openapi3.NewResponses()
		op.Responses.Delete("default")
		success := openapi3.NewResponse().WithDescription(o.summary)
		status := o.status
		switch {
		case o.media != "":
			success.WithContent(openapi3.Content{o.media: openapi3.NewMediaType()})
		case o.out != nil:
			ref, err := out.NewSchemaRefForValue(o.out, schemas)
			if err != nil {
				return nil, fmt.Errorf("openapi: %s response: %w", key, err)
			}
			success.WithContent(openapi3.NewContentWithJSONSchemaRef(ref))
		default:
			if status == 0 {
				status = http.StatusNoContent
			}
		}
		if status == 0 {
			status = http.StatusOK
		}
		if o.page {
			success.Headers = openapi3.Headers{
				nextCursorHeader: &openapi3.HeaderRef{Value: &openapi3.Header{Parameter: openapi3.Parameter{
					Description: "The cursor of the next page; absent on the last page.", Schema: openapi3.NewStringSchema().NewRef()}}},
				"Link": &openapi3.HeaderRef{Value: &openapi3.Header{Parameter: openapi3.Parameter{
					Description: `The next page's URL with rel="next" (RFC 8288).`, Schema: openapi3.NewStringSchema().NewRef()}}},
			}
		}
		for _, st := range append([]int{status}, o.also...) {
			op.Responses.Set(fmt.Sprint(st), &openapi3.ResponseRef{Value: success})
		}
		op.Responses.Set("default", errResponse)
		doc.AddOperation(path, method, op)
	}
	// Load the document as a client would, which resolves its $refs.
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return openapi3.NewLoader().LoadFromData(b)
}

// componentName names a wire type's schema: plantJSON is Plant, listingInput ListingInput.
func componentName(t reflect.Type) string {
	n := strings.TrimSuffix(t.Name(), "JSON")
	if n == "" {
		return ""
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// operationID is a stable name for an operation: "get /api/plants/{id}" is getPlantsId.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, part := range strings.FieldsFunc(strings.TrimPrefix(path, "/api"), func(r rune) bool {
		return r == '/' || r == '-' || r == '{' || r == '}' || r == '.'
	}) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// tagOf groups an operation by the first part of its path after /api.
func tagOf(path string) string {
	rest := strings.TrimPrefix(path, "/api/")
	if rest == path {
		return "health"
	}
	first, _, _ := strings.Cut(rest, "/")
	return first
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	numberType   = reflect.TypeFor[json.Number]()
	flexibleInts = map[reflect.Type]bool{reflect.TypeFor[looseInt](): true, reflect.TypeFor[flexID](): true}
)

// customizeSchema adapts openapi3gen's OpenAPI 3.0 output to 3.1 and to the wire types: a nil
// pointer is a type array with "null"; optional[T] is T or null and never required; looseInt and
// flexID take a number or a numeric string. Responses (required true) name every field without
// omitempty as required, since the encoder always writes it.
func customizeSchema(required bool) openapi3gen.SchemaCustomizerFn {
	return func(name string, t reflect.Type, tag reflect.StructTag, schema *openapi3.Schema) error {
		switch {
		case flexibleInts[t]:
			*schema = openapi3.Schema{Type: &openapi3.Types{"integer", "string", "null"}}
			return nil
		case t == numberType:
			// json.Number is a string in Go but a number on the wire.
			null := schema.Nullable
			*schema = openapi3.Schema{Type: &openapi3.Types{"number"}}
			if null {
				nullable(schema)
			}
			return nil
		case t.Kind() == reflect.Struct && strings.HasPrefix(t.Name(), "optional["):
			inner, err := openapi3gen.NewSchemaRefForValue(reflect.Zero(t.Field(2).Type).Interface(), nil,
				openapi3gen.SchemaCustomizer(customizeSchema(false)))
			if err != nil {
				return err
			}
			*schema = *inner.Value
			nullable(schema)
			return nil
		}
		if schema.Nullable {
			schema.Nullable = false
			// A named struct of a response is a component, shared by every use: the field that
			// points to it says null instead (below).
			if !required || t.Kind() != reflect.Struct || t == timeType || t.Name() == "" {
				nullable(schema)
			}
		}
		if t.Kind() != reflect.Struct || t == timeType {
			return nil
		}
		if required && schema.Properties != nil {
			// An answer has no field its type does not name: a handler that writes one is out of
			// step with the document.
			no := false
			schema.AdditionalProperties = openapi3.AdditionalProperties{Has: &no}
		}
		for _, f := range reflect.VisibleFields(t) { // with the fields of embedded structs
			if f.Anonymous || !f.IsExported() {
				continue
			}
			jsonName, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if jsonName == "" || jsonName == "-" || schema.Properties[jsonName] == nil {
				continue
			}
			ft := f.Type
			if ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct && ft.Elem() != timeType {
				if prop := schema.Properties[jsonName]; prop.Ref != "" {
					// A pointer to a component: the component itself is not nullable.
					schema.Properties[jsonName] = &openapi3.SchemaRef{Value: &openapi3.Schema{
						AnyOf: openapi3.SchemaRefs{prop, openapi3.NewSchemaRef("", &openapi3.Schema{Type: &openapi3.Types{"null"}})}}}
				}
			}
			if required && !strings.Contains(opts, "omitempty") && !strings.HasPrefix(ft.Name(), "optional[") {
				schema.Required = append(schema.Required, jsonName)
			}
		}
		return nil
	}
}

// nullable lets schema's value also be null.
func nullable(schema *openapi3.Schema) {
	if schema.Type == nil || len(*schema.Type) == 0 {
		return // any value already
	}
	if !schema.Type.Includes("null") {
		types := append(openapi3.Types{}, *schema.Type...)
		types = append(types, "null")
		schema.Type = &types
	}
}
