// bench/run's workload for Box2D: one world with most of what the library
// has (polygons, circles, edges, chains, every joint type, sensors, filters,
// bullets, bodies created and destroyed while it runs), stepped STEPS times
// at 60 Hz, with ray casts, AABB queries, debug drawing, a rope and the
// free-standing distance, shape cast and time-of-impact functions on the
// way. It prints counts and a checksum of the float bits of every body's
// position, angle and velocity: two builds of the same sources print the
// same lines when they compute the same floats.
//
//   box2d [STEPS]      (default 600)

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "box2d/b2_distance.h"
#include "box2d/b2_rope.h"
#include "box2d/b2_time_of_impact.h"
#include "box2d/box2d.h"

namespace {

// ---------------------------------------------------------------- checksum

struct Hash {
  uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  void bytes(const void *p, size_t n) {
    const unsigned char *c = static_cast<const unsigned char *>(p);
    for (size_t i = 0; i < n; ++i) {
      h ^= c[i];
      h *= 1099511628211ull;
    }
  }
  void f(float x) {
    uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    bytes(&u, sizeof u);
  }
  void i(int64_t x) { bytes(&x, sizeof x); }
  void v(const b2Vec2 &p) {
    f(p.x);
    f(p.y);
  }
};

// A fixed pseudo-random sequence (no rand(): the same on every libc).
struct Rng {
  uint32_t s;
  explicit Rng(uint32_t seed) : s(seed) {}
  uint32_t next() {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
  }
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * float(next() & 0xffffff) / float(0x1000000);
  }
  // Two draws in a fixed order (the order in which a function's arguments
  // are evaluated is the compiler's choice: GCC's and Clang's differ).
  b2Vec2 point(float x0, float x1, float y0, float y1) {
    float x = uniform(x0, x1);
    float y = uniform(y0, y1);
    return b2Vec2(x, y);
  }
};

// ---------------------------------------------------------------- callbacks

struct Listener : b2ContactListener {
  int64_t begins = 0, ends = 0, presolves = 0, sensorHits = 0;
  float maxImpulse = 0.0f;
  void BeginContact(b2Contact *c) override {
    ++begins;
    if (c->GetFixtureA()->IsSensor() || c->GetFixtureB()->IsSensor())
      ++sensorHits;
  }
  void EndContact(b2Contact *) override { ++ends; }
  void PreSolve(b2Contact *c, const b2Manifold *) override {
    ++presolves;
    // One-way platform: bodies moving up pass through it.
    b2Fixture *a = c->GetFixtureA(), *b = c->GetFixtureB();
    b2Fixture *platform = a->GetUserData().pointer == 1   ? a
                          : b->GetUserData().pointer == 1 ? b
                                                          : nullptr;
    if (platform) {
      b2Body *other = (platform == a ? b : a)->GetBody();
      if (other->GetLinearVelocity().y > 0.5f)
        c->SetEnabled(false);
    }
  }
  void PostSolve(b2Contact *, const b2ContactImpulse *imp) override {
    for (int i = 0; i < imp->count; ++i)
      if (imp->normalImpulses[i] > maxImpulse)
        maxImpulse = imp->normalImpulses[i];
  }
};

struct Goodbye : b2DestructionListener {
  int64_t joints = 0, fixtures = 0;
  void SayGoodbye(b2Joint *) override { ++joints; }
  void SayGoodbye(b2Fixture *) override { ++fixtures; }
};

struct RayAll : b2RayCastCallback {
  Hash *hash;
  int64_t hits = 0;
  float ReportFixture(b2Fixture *, const b2Vec2 &point, const b2Vec2 &normal,
                      float fraction) override {
    ++hits;
    hash->v(point);
    hash->v(normal);
    return fraction;  // clip to the closest so far
  }
};

struct Query : b2QueryCallback {
  int64_t found = 0, dynamic = 0;
  bool ReportFixture(b2Fixture *f) override {
    ++found;
    if (f->GetBody()->GetType() == b2_dynamicBody)
      ++dynamic;
    return true;
  }
};

// Debug drawing into the checksum: b2World::DebugDraw walks every shape,
// joint, AABB and centre of mass.
struct HashDraw : b2Draw {
  Hash *hash;
  int64_t calls = 0;
  void poly(const b2Vec2 *v, int32 n) {
    ++calls;
    for (int32 i = 0; i < n; ++i)
      hash->v(v[i]);
  }
  void DrawPolygon(const b2Vec2 *v, int32 n, const b2Color &) override {
    poly(v, n);
  }
  void DrawSolidPolygon(const b2Vec2 *v, int32 n, const b2Color &) override {
    poly(v, n);
  }
  void DrawCircle(const b2Vec2 &c, float r, const b2Color &) override {
    ++calls;
    hash->v(c);
    hash->f(r);
  }
  void DrawSolidCircle(const b2Vec2 &c, float r, const b2Vec2 &axis,
                       const b2Color &) override {
    ++calls;
    hash->v(c);
    hash->f(r);
    hash->v(axis);
  }
  void DrawSegment(const b2Vec2 &a, const b2Vec2 &b,
                   const b2Color &) override {
    ++calls;
    hash->v(a);
    hash->v(b);
  }
  void DrawTransform(const b2Transform &xf) override {
    ++calls;
    hash->v(xf.p);
    hash->f(xf.q.s);
    hash->f(xf.q.c);
  }
  void DrawPoint(const b2Vec2 &p, float size, const b2Color &) override {
    ++calls;
    hash->v(p);
    hash->f(size);
  }
};

// ---------------------------------------------------------------- the scene

struct Scene {
  b2World world{b2Vec2(0.0f, -10.0f)};
  Rng rng{12345};
  Listener listener;
  Goodbye goodbye;
  b2Body *ground = nullptr;
  b2Body *car = nullptr;
  b2WheelJoint *rearWheel = nullptr;
  b2MouseJoint *mouse = nullptr;
  b2MotorJoint *motor = nullptr;
  b2PrismaticJoint *piston = nullptr;
  std::vector<b2Body *> spawned;
  int64_t created = 0, destroyed = 0;

  Scene() {
    world.SetContactListener(&listener);
    world.SetDestructionListener(&goodbye);
    buildGround();
    buildPyramid(b2Vec2(-30.0f, 0.5f), 16);
    buildHeap(b2Vec2(20.0f, 25.0f), 160);
    buildBridge(b2Vec2(-70.0f, 12.0f), 30);
    buildCar(b2Vec2(-95.0f, 16.0f));
    buildMachines(b2Vec2(60.0f, 8.0f));
    buildRagChain(b2Vec2(95.0f, 40.0f), 24);
    buildFilters(b2Vec2(-5.0f, 40.0f));
  }

  void buildGround() {
    b2BodyDef bd;
    ground = world.CreateBody(&bd);
    // Rolling terrain as a chain, walls as edges.
    std::vector<b2Vec2> pts;
    for (int i = 0; i <= 80; ++i) {
      float x = -120.0f + 3.0f * float(i);
      float y = (i % 7 == 3) ? 1.5f : (i % 5 == 0 ? 0.5f : 0.0f);
      if (i > 10 && i < 18)
        y = 0.6f * float(i - 10);  // a ramp for the car
      if (i >= 18 && i < 25)
        y = 0.6f * float(25 - i);
      pts.push_back(b2Vec2(x, y));
    }
    // Chains collide on one side, to the right of their direction: this
    // one runs from right to left, solid on top.
    std::vector<b2Vec2> rtl(pts.rbegin(), pts.rend());
    b2ChainShape chain;
    chain.CreateChain(rtl.data(), int32(rtl.size()), b2Vec2(125.0f, 0.0f),
                      b2Vec2(-125.0f, 0.0f));
    b2FixtureDef fd;
    fd.shape = &chain;
    fd.friction = 0.8f;
    ground->CreateFixture(&fd);
    b2EdgeShape edge;
    edge.SetTwoSided(b2Vec2(-120.0f, 0.0f), b2Vec2(-120.0f, 80.0f));
    ground->CreateFixture(&edge, 0.0f);
    edge.SetTwoSided(b2Vec2(120.0f, 0.0f), b2Vec2(120.0f, 80.0f));
    ground->CreateFixture(&edge, 0.0f);
    // A one-way platform (PreSolve) and a sensor pad.
    b2PolygonShape plat;
    plat.SetAsBox(6.0f, 0.25f, b2Vec2(20.0f, 12.0f), 0.05f);
    b2FixtureDef pd;
    pd.shape = &plat;
    pd.userData.pointer = 1;
    ground->CreateFixture(&pd);
    b2CircleShape pad;
    pad.m_radius = 5.0f;
    pad.m_p.Set(-30.0f, 4.0f);
    b2FixtureDef sd;
    sd.shape = &pad;
    sd.isSensor = true;
    ground->CreateFixture(&sd);
    // A bowl for the heap, from its right rim down and to the left.
    b2Vec2 bowl[12];
    for (int i = 0; i < 12; ++i) {
      float a = -b2_pi * float(i) / 11.0f;
      bowl[i] = b2Vec2(20.0f + 12.0f * cosf(a), 14.0f + 6.0f * sinf(a));
    }
    b2ChainShape loop;
    loop.CreateChain(bowl, 12, b2Vec2(32.0f, 16.0f), b2Vec2(8.0f, 16.0f));
    ground->CreateFixture(&loop, 0.0f);
  }

  void buildPyramid(b2Vec2 base, int rows) {
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    for (int row = 0; row < rows; ++row) {
      for (int i = 0; i < rows - row; ++i) {
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.position.Set(base.x + float(i) * 1.05f + 0.525f * float(row),
                        base.y + 1.0f + float(row) * 1.0f);
        b2Body *b = world.CreateBody(&bd);
        b->CreateFixture(&box, 1.0f + 0.1f * float(row % 3));
      }
    }
  }

  b2Body *randomBody(b2Vec2 at) {
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position = at;
    bd.angle = rng.uniform(-b2_pi, b2_pi);
    b2Body *b = world.CreateBody(&bd);
    b2FixtureDef fd;
    fd.density = rng.uniform(0.5f, 3.0f);
    fd.friction = rng.uniform(0.1f, 0.9f);
    fd.restitution = rng.uniform(0.0f, 0.4f);
    switch (rng.next() % 4) {
    case 0: {
      b2CircleShape c;
      c.m_radius = rng.uniform(0.2f, 0.8f);
      fd.shape = &c;
      b->CreateFixture(&fd);
      break;
    }
    case 1: {
      b2PolygonShape p;
      b2Vec2 half = rng.point(0.2f, 0.9f, 0.2f, 0.9f);
      p.SetAsBox(half.x, half.y);
      fd.shape = &p;
      b->CreateFixture(&fd);
      break;
    }
    case 2: {
      // A random convex hull of up to 8 points.
      b2Vec2 v[b2_maxPolygonVertices];
      int n = 3 + int(rng.next() % 6);
      for (int i = 0; i < n; ++i)
        v[i] = rng.point(-0.8f, 0.8f, -0.8f, 0.8f);
      b2PolygonShape p;
      p.Set(v, n);  // a degenerate hull gives a 1 x 1 box
      fd.shape = &p;
      b->CreateFixture(&fd);
      break;
    }
    default: {
      // A compound: two boxes and a circle.
      b2PolygonShape p;
      p.SetAsBox(0.6f, 0.15f, b2Vec2(0.0f, 0.0f), 0.0f);
      fd.shape = &p;
      b->CreateFixture(&fd);
      p.SetAsBox(0.15f, 0.6f, b2Vec2(0.45f, 0.0f), 0.3f);
      b->CreateFixture(&fd);
      b2CircleShape c;
      c.m_radius = 0.3f;
      c.m_p.Set(-0.6f, 0.0f);
      fd.shape = &c;
      b->CreateFixture(&fd);
      break;
    }
    }
    ++created;
    return b;
  }

  void buildHeap(b2Vec2 at, int n) {
    for (int i = 0; i < n; ++i) {
      b2Vec2 d = rng.point(-8.0f, 8.0f, 0.0f, 0.5f);
      spawned.push_back(
          randomBody(b2Vec2(at.x + d.x, at.y + 1.2f * float(i % 40) + d.y)));
    }
  }

  void buildBridge(b2Vec2 left, int planks) {
    b2PolygonShape plank;
    plank.SetAsBox(0.5f, 0.125f);
    b2Body *prev = ground;
    for (int i = 0; i < planks; ++i) {
      b2BodyDef bd;
      bd.type = b2_dynamicBody;
      bd.position.Set(left.x + 0.5f + float(i), left.y);
      b2Body *b = world.CreateBody(&bd);
      b2FixtureDef fd;
      fd.shape = &plank;
      fd.density = 20.0f;
      fd.friction = 0.2f;
      b->CreateFixture(&fd);
      b2RevoluteJointDef jd;
      jd.Initialize(prev, b, b2Vec2(left.x + float(i), left.y));
      world.CreateJoint(&jd);
      prev = b;
    }
    b2RevoluteJointDef jd;
    jd.Initialize(prev, ground, b2Vec2(left.x + float(planks), left.y));
    world.CreateJoint(&jd);
    // Load on the bridge.
    for (int i = 0; i < 6; ++i)
      randomBody(b2Vec2(left.x + 4.0f + 4.0f * float(i), left.y + 3.0f));
  }

  void buildCar(b2Vec2 at) {
    b2PolygonShape chassis;
    b2Vec2 v[6] = {{-1.5f, -0.5f}, {1.5f, -0.5f}, {1.5f, 0.0f},
                   {0.0f, 0.9f},   {-1.15f, 0.9f}, {-1.5f, 0.2f}};
    chassis.Set(v, 6);
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position = at;
    car = world.CreateBody(&bd);
    car->CreateFixture(&chassis, 1.0f);
    b2CircleShape wheel;
    wheel.m_radius = 0.4f;
    b2FixtureDef fd;
    fd.shape = &wheel;
    fd.density = 1.0f;
    fd.friction = 0.9f;
    b2Body *wheels[2];
    for (int i = 0; i < 2; ++i) {
      bd.position.Set(at.x + (i ? 1.0f : -1.0f), at.y - 0.65f);
      wheels[i] = world.CreateBody(&bd);
      wheels[i]->CreateFixture(&fd);
      b2WheelJointDef jd;
      b2Vec2 axis(0.0f, 1.0f);
      jd.Initialize(car, wheels[i], wheels[i]->GetPosition(), axis);
      jd.motorSpeed = i ? 0.0f : -20.0f;
      jd.maxMotorTorque = i ? 10.0f : 30.0f;
      jd.enableMotor = true;
      b2LinearStiffness(jd.stiffness, jd.damping, 4.0f, 0.7f, car, wheels[i]);
      jd.lowerTranslation = -0.25f;
      jd.upperTranslation = 0.25f;
      jd.enableLimit = true;
      b2WheelJoint *j = static_cast<b2WheelJoint *>(world.CreateJoint(&jd));
      if (!i)
        rearWheel = j;
    }
  }

  void buildMachines(b2Vec2 at) {
    b2BodyDef bd;
    b2FixtureDef fd;
    fd.density = 2.0f;
    // A slider-crank: crank (revolute, motor), rod, piston (prismatic).
    bd.type = b2_dynamicBody;
    b2PolygonShape s;
    s.SetAsBox(0.5f, 2.0f);
    bd.position.Set(at.x, at.y + 7.0f);
    b2Body *crank = world.CreateBody(&bd);
    crank->CreateFixture(&s, 2.0f);
    b2RevoluteJointDef rj;
    rj.Initialize(ground, crank, b2Vec2(at.x, at.y + 5.0f));
    rj.motorSpeed = b2_pi;
    rj.maxMotorTorque = 10000.0f;
    rj.enableMotor = true;
    b2RevoluteJoint *crankJoint =
        static_cast<b2RevoluteJoint *>(world.CreateJoint(&rj));
    s.SetAsBox(0.5f, 4.0f);
    bd.position.Set(at.x, at.y + 13.0f);
    b2Body *rod = world.CreateBody(&bd);
    rod->CreateFixture(&s, 2.0f);
    rj.Initialize(crank, rod, b2Vec2(at.x, at.y + 9.0f));
    rj.enableMotor = false;
    world.CreateJoint(&rj);
    s.SetAsBox(1.5f, 1.5f);
    bd.position.Set(at.x, at.y + 17.0f);
    bd.fixedRotation = true;
    b2Body *pist = world.CreateBody(&bd);
    pist->CreateFixture(&s, 2.0f);
    bd.fixedRotation = false;
    rj.Initialize(rod, pist, b2Vec2(at.x, at.y + 17.0f));
    world.CreateJoint(&rj);
    b2PrismaticJointDef pj;
    pj.Initialize(ground, pist, b2Vec2(at.x, at.y + 17.0f),
                  b2Vec2(0.0f, 1.0f));
    pj.maxMotorForce = 1000.0f;
    pj.enableMotor = true;
    pj.lowerTranslation = -4.0f;
    pj.upperTranslation = 4.0f;
    pj.enableLimit = true;
    piston = static_cast<b2PrismaticJoint *>(world.CreateJoint(&pj));
    // A payload on the piston.
    s.SetAsBox(1.0f, 0.5f);
    bd.position.Set(at.x, at.y + 23.0f);
    world.CreateBody(&bd)->CreateFixture(&s, 1.0f);

    // A gear between the crank and a second wheel.
    b2CircleShape c;
    c.m_radius = 1.5f;
    bd.position.Set(at.x + 6.0f, at.y + 5.0f);
    b2Body *gearWheel = world.CreateBody(&bd);
    gearWheel->CreateFixture(&c, 1.0f);
    rj.Initialize(ground, gearWheel, bd.position);
    rj.enableMotor = false;
    b2Joint *gearAxle = world.CreateJoint(&rj);
    b2GearJointDef gj;
    gj.bodyA = crank;
    gj.bodyB = gearWheel;
    gj.joint1 = crankJoint;
    gj.joint2 = gearAxle;
    gj.ratio = 2.0f;
    world.CreateJoint(&gj);

    // A pulley with two loads.
    s.SetAsBox(1.0f, 0.5f);
    b2Body *loads[2];
    for (int i = 0; i < 2; ++i) {
      bd.position.Set(at.x + 12.0f + 6.0f * float(i), at.y + 8.0f);
      loads[i] = world.CreateBody(&bd);
      loads[i]->CreateFixture(&s, i ? 5.0f : 4.0f);
    }
    b2PulleyJointDef pu;
    pu.Initialize(loads[0], loads[1], b2Vec2(at.x + 12.0f, at.y + 20.0f),
                  b2Vec2(at.x + 18.0f, at.y + 20.0f), loads[0]->GetPosition(),
                  loads[1]->GetPosition(), 1.5f);
    world.CreateJoint(&pu);

    // A soft blob: circles on distance springs around a hub.
    bd.position.Set(at.x + 28.0f, at.y + 12.0f);
    b2Body *hub = world.CreateBody(&bd);
    c.m_radius = 0.5f;
    hub->CreateFixture(&c, 1.0f);
    b2Body *ring[10];
    c.m_radius = 0.35f;
    for (int i = 0; i < 10; ++i) {
      float a = 2.0f * b2_pi * float(i) / 10.0f;
      bd.position.Set(at.x + 28.0f + 2.5f * cosf(a),
                      at.y + 12.0f + 2.5f * sinf(a));
      ring[i] = world.CreateBody(&bd);
      ring[i]->CreateFixture(&c, 1.0f);
      b2DistanceJointDef dj;
      dj.Initialize(hub, ring[i], hub->GetPosition(), ring[i]->GetPosition());
      dj.minLength = 1.0f;
      dj.maxLength = 3.5f;
      b2LinearStiffness(dj.stiffness, dj.damping, 3.0f, 0.3f, hub, ring[i]);
      world.CreateJoint(&dj);
    }
    for (int i = 0; i < 10; ++i) {
      b2DistanceJointDef dj;
      b2Body *a = ring[i], *b = ring[(i + 1) % 10];
      dj.Initialize(a, b, a->GetPosition(), b->GetPosition());
      b2LinearStiffness(dj.stiffness, dj.damping, 5.0f, 0.5f, a, b);
      world.CreateJoint(&dj);
    }

    // A box held by a motor joint that follows a path, another dragged
    // by a mouse joint, one held back by a friction joint.
    s.SetAsBox(2.0f, 0.5f);
    bd.position.Set(at.x + 40.0f, at.y + 8.0f);
    b2Body *mover = world.CreateBody(&bd);
    mover->CreateFixture(&s, 2.0f);
    b2MotorJointDef mj;
    mj.Initialize(ground, mover);
    mj.maxForce = 1000.0f;
    mj.maxTorque = 1000.0f;
    motor = static_cast<b2MotorJoint *>(world.CreateJoint(&mj));

    bd.position.Set(at.x + 46.0f, at.y + 4.0f);
    b2Body *dragged = world.CreateBody(&bd);
    s.SetAsBox(0.75f, 0.75f);
    dragged->CreateFixture(&s, 1.0f);
    b2MouseJointDef mo;
    mo.bodyA = ground;
    mo.bodyB = dragged;
    mo.target = dragged->GetPosition();
    mo.maxForce = 500.0f * dragged->GetMass();
    b2LinearStiffness(mo.stiffness, mo.damping, 5.0f, 0.7f, ground, dragged);
    mouse = static_cast<b2MouseJoint *>(world.CreateJoint(&mo));

    bd.position.Set(at.x + 50.0f, at.y - 7.0f);
    b2Body *slider = world.CreateBody(&bd);
    slider->CreateFixture(&s, 1.0f);
    slider->SetLinearVelocity(b2Vec2(-6.0f, 0.0f));
    slider->SetAngularVelocity(4.0f);
    b2FrictionJointDef fj;
    fj.Initialize(ground, slider, slider->GetPosition());
    fj.maxForce = 6.0f;
    fj.maxTorque = 3.0f;
    world.CreateJoint(&fj);
  }

  void buildRagChain(b2Vec2 top, int links) {
    // A hanging chain of welded and revolute links with a wrecking ball.
    b2PolygonShape link;
    link.SetAsBox(0.4f, 0.1f);
    b2Body *prev = ground;
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    for (int i = 0; i < links; ++i) {
      bd.position.Set(top.x - 0.4f - 0.8f * float(i), top.y);
      b2Body *b = world.CreateBody(&bd);
      b->CreateFixture(&link, 5.0f);
      b2Vec2 anchor(top.x - 0.8f * float(i), top.y);
      if (i % 4 == 3) {
        b2WeldJointDef wj;
        wj.Initialize(prev, b, anchor);
        b2AngularStiffness(wj.stiffness, wj.damping, 3.0f, 0.5f, prev, b);
        world.CreateJoint(&wj);
      } else {
        b2RevoluteJointDef rj;
        rj.Initialize(prev, b, anchor);
        if (i % 4 == 1) {
          rj.lowerAngle = -0.25f * b2_pi;
          rj.upperAngle = 0.25f * b2_pi;
          rj.enableLimit = true;
        }
        world.CreateJoint(&rj);
      }
      prev = b;
    }
    b2CircleShape ball;
    ball.m_radius = 1.5f;
    bd.position.Set(top.x - 0.8f * float(links) - 1.5f, top.y);
    bd.bullet = true;
    b2Body *wreck = world.CreateBody(&bd);
    wreck->CreateFixture(&ball, 10.0f);
    b2RevoluteJointDef rj;
    rj.Initialize(prev, wreck, b2Vec2(top.x - 0.8f * float(links), top.y));
    world.CreateJoint(&rj);
  }

  void buildFilters(b2Vec2 at) {
    // Groups and categories: two kinds that pass through each other.
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    for (int i = 0; i < 24; ++i) {
      bd.position.Set(at.x + 1.1f * float(i % 8), at.y + 2.0f * float(i / 8));
      b2Body *b = world.CreateBody(&bd);
      b2PolygonShape s;
      s.SetAsBox(0.4f, 0.4f);
      b2FixtureDef fd;
      fd.shape = &s;
      fd.density = 1.0f;
      fd.filter.groupIndex = (i % 3 == 0) ? -1 : 0;
      fd.filter.categoryBits = (i % 2) ? 0x0002 : 0x0004;
      fd.filter.maskBits = (i % 2) ? 0xffff : 0xfffd;
      b->CreateFixture(&fd);
    }
  }

  void bullet(int step) {
    // Fast small bodies fired at the pyramid: continuous collision.
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.bullet = true;
    bd.position.Set(-60.0f, 4.0f + float(step % 5));
    b2Body *b = world.CreateBody(&bd);
    b2PolygonShape s;
    s.SetAsBox(0.25f, 0.05f);
    b->CreateFixture(&s, 100.0f);
    b->SetLinearVelocity(b2Vec2(250.0f, 2.0f));
    spawned.push_back(b);
    ++created;
  }

  void act(int step) {
    float t = float(step) / 60.0f;
    if (step % 90 == 45)
      bullet(step);
    if (step % 40 == 0)
      spawned.push_back(randomBody(
          rng.point(-100.0f, 100.0f, 30.0f, 60.0f)));
    // Remove the oldest bodies now and then: contacts and joints go too.
    if (step % 70 == 69 && spawned.size() > 120) {
      world.DestroyBody(spawned.front());
      spawned.erase(spawned.begin());
      ++destroyed;
    }
    if (step % 150 == 0) {
      b2Body *b = spawned[rng.next() % spawned.size()];
      b->ApplyLinearImpulse(b2Vec2(rng.uniform(-20.0f, 20.0f), 30.0f),
                            b->GetWorldPoint(b2Vec2(0.1f, 0.1f)), true);
      b->ApplyTorque(rng.uniform(-50.0f, 50.0f), true);
    }
    if (rearWheel && step % 300 == 150)
      rearWheel->SetMotorSpeed(-rearWheel->GetMotorSpeed());
    if (car)
      car->ApplyForceToCenter(b2Vec2(20.0f * sinf(t), 0.0f), true);
    motor->SetLinearOffset(
        b2Vec2(100.0f + 6.0f * sinf(2.0f * t), 16.0f + 4.0f * sinf(t)));
    motor->SetAngularOffset(0.5f * sinf(t));
    mouse->SetTarget(b2Vec2(106.0f + 3.0f * cosf(1.5f * t),
                            14.0f + 3.0f * sinf(1.5f * t)));
    if (step % 120 == 60)
      piston->SetMotorSpeed(piston->GetMotorSpeed() > 0.0f ? -2.0f : 2.0f);
  }
};

// ---------------------------------------------------------------- probes

void probe(Scene &sc, Hash &hash, int64_t &rayHits, int64_t &found) {
  RayAll ray;
  ray.hash = &hash;
  for (int i = 0; i < 16; ++i) {
    b2Vec2 a(-110.0f + 14.0f * float(i), 60.0f);
    b2Vec2 b(-100.0f + 12.0f * float(i), -1.0f);
    sc.world.RayCast(&ray, a, b);
  }
  rayHits += ray.hits;
  Query q;
  for (int i = 0; i < 8; ++i) {
    b2AABB box;
    box.lowerBound.Set(-100.0f + 25.0f * float(i), 0.0f);
    box.upperBound.Set(-88.0f + 25.0f * float(i), 30.0f);
    sc.world.QueryAABB(&q, box);
  }
  found += q.found;
  hash.i(q.dynamic);
}

// The free-standing geometry functions on two shapes.
void geometry(Hash &hash, int rounds) {
  b2PolygonShape box;
  box.SetAsBox(1.0f, 0.5f);
  b2CircleShape circle;
  circle.m_radius = 0.75f;
  b2EdgeShape edge;
  edge.SetTwoSided(b2Vec2(-2.0f, 0.0f), b2Vec2(2.0f, 0.3f));
  const b2Shape *shapes[3] = {&box, &circle, &edge};
  Rng rng(777);
  for (int r = 0; r < rounds; ++r) {
    const b2Shape *sa = shapes[r % 3], *sb = shapes[(r / 3) % 3];
    b2DistanceInput in;
    in.proxyA.Set(sa, 0);
    in.proxyB.Set(sb, 0);
    in.transformA.Set(b2Vec2(0.0f, 0.0f), rng.uniform(0.0f, 3.0f));
    b2Vec2 pb = rng.point(-4.0f, 4.0f, -4.0f, 4.0f);
    in.transformB.Set(pb, rng.uniform(0.0f, 3.0f));
    in.useRadii = true;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput out;
    b2Distance(&out, &cache, &in);
    hash.f(out.distance);
    hash.v(out.pointA);

    b2ShapeCastInput sc;
    sc.proxyA = in.proxyA;
    sc.proxyB = in.proxyB;
    sc.transformA = in.transformA;
    sc.transformB = in.transformB;
    sc.translationB = b2Vec2(-in.transformB.p.x, -in.transformB.p.y);
    b2ShapeCastOutput so;
    if (b2ShapeCast(&so, &sc)) {
      hash.f(so.lambda);
      hash.v(so.normal);
    }

    b2TOIInput ti;
    ti.proxyA = in.proxyA;
    ti.proxyB = in.proxyB;
    ti.sweepA.localCenter.SetZero();
    ti.sweepA.c0 = b2Vec2(0.0f, 0.0f);
    ti.sweepA.c = b2Vec2(0.5f, 0.0f);
    ti.sweepA.a0 = 0.0f;
    ti.sweepA.a = 0.3f;
    ti.sweepA.alpha0 = 0.0f;
    ti.sweepB.localCenter.SetZero();
    ti.sweepB.c0 = in.transformB.p;
    ti.sweepB.c = b2Vec2(-in.transformB.p.x, -in.transformB.p.y);
    ti.sweepB.a0 = in.transformB.q.GetAngle();
    ti.sweepB.a = ti.sweepB.a0 + rng.uniform(-2.0f, 2.0f);
    ti.sweepB.alpha0 = 0.0f;
    ti.tMax = 1.0f;
    b2TOIOutput to;
    b2TimeOfImpact(&to, &ti);
    hash.i(to.state);
    hash.f(to.t);

    b2Manifold m;
    b2Transform xa = in.transformA, xb = in.transformB;
    xb.p *= 0.3f;
    b2CollidePolygons(&m, &box, xa, &box, xb);
    hash.i(m.pointCount);
    b2CollidePolygonAndCircle(&m, &box, xa, &circle, xb);
    hash.i(m.pointCount);
    b2CollideEdgeAndPolygon(&m, &edge, xa, &box, xb);
    hash.i(m.pointCount);
    if (m.pointCount) {
      b2WorldManifold wm;
      wm.Initialize(&m, xa, edge.m_radius, xb, box.m_radius);
      hash.v(wm.normal);
    }
  }
}

// A rope of every bending model, swinging from a moving point.
void ropes(Hash &hash, int steps) {
  const int n = 30;
  for (int model = 0; model <= b2_pbdTriangleBendingModel; ++model) {
    b2Vec2 verts[n];
    float masses[n];
    for (int i = 0; i < n; ++i) {
      verts[i].Set(0.0f, 20.0f - 0.25f * float(i));
      masses[i] = i == 0 ? 0.0f : 1.0f;
    }
    b2RopeDef def;
    def.vertices = verts;
    def.count = n;
    def.masses = masses;
    def.gravity.Set(0.0f, -10.0f);
    b2RopeTuning tune;
    tune.stretchingModel =
        (model & 1) ? b2_xpbdStretchingModel : b2_pbdStretchingModel;
    tune.bendingModel = b2BendingModel(model);
    tune.damping = 0.1f;
    tune.stretchStiffness = 1.0f;
    tune.stretchHertz = 30.0f;
    tune.stretchDamping = 4.0f;
    tune.bendStiffness = 0.5f;
    tune.bendHertz = 30.0f;
    tune.bendDamping = 4.0f;
    tune.isometric = model % 2 == 0;
    tune.fixedEffectiveMass = model % 3 == 0;
    tune.warmStart = model % 2 == 1;
    def.tuning = tune;
    b2Rope rope;
    rope.Create(def);
    HashDraw draw;
    draw.hash = &hash;
    for (int s = 0; s < steps; ++s) {
      float t = float(s) / 60.0f;
      rope.Step(1.0f / 60.0f, 8, b2Vec2(3.0f * sinf(2.0f * t), 0.0f));
      if (s % 50 == 49)
        rope.Draw(&draw);
    }
    hash.i(draw.calls);
  }
}

}  // namespace

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 600;
  if (steps <= 0) {
    fprintf(stderr, "usage: box2d [STEPS]\n");
    return 2;
  }
  Scene sc;
  Hash hash;
  HashDraw draw;
  draw.hash = &hash;
  draw.SetFlags(b2Draw::e_shapeBit | b2Draw::e_jointBit | b2Draw::e_aabbBit |
                b2Draw::e_pairBit | b2Draw::e_centerOfMassBit);
  sc.world.SetDebugDraw(&draw);
  int64_t rayHits = 0, found = 0;
  printf("box2d %d.%d.%d: %d bodies, %d joints at the start\n",
         b2_version.major, b2_version.minor, b2_version.revision,
         sc.world.GetBodyCount(), sc.world.GetJointCount());
  for (int step = 1; step <= steps; ++step) {
    sc.act(step);
    sc.world.Step(1.0f / 60.0f, 8, 3);
    if (step % 60 == 0)
      probe(sc, hash, rayHits, found);
    if (step % 200 == 0)
      sc.world.DebugDraw();
    if (step % 100 == 0 || step == steps) {
      Hash h;
      double sx = 0, sy = 0, ke = 0;
      int awake = 0;
      for (b2Body *b = sc.world.GetBodyList(); b; b = b->GetNext()) {
        h.v(b->GetPosition());
        h.f(b->GetAngle());
        h.v(b->GetLinearVelocity());
        h.f(b->GetAngularVelocity());
        sx += b->GetPosition().x;
        sy += b->GetPosition().y;
        ke += 0.5 * b->GetMass() * b->GetLinearVelocity().LengthSquared();
        awake += b->IsAwake();
      }
      hash.i(int64_t(h.h));
      printf("step %5d: bodies %4d contacts %5d awake %4d sum %.3f %.3f "
             "ke %.3f state %016" PRIx64 "\n",
             step, sc.world.GetBodyCount(), sc.world.GetContactCount(), awake,
             sx, sy, ke, h.h);
    }
  }
  geometry(hash, 20000);
  ropes(hash, steps / 2);
  const b2Profile &p = sc.world.GetProfile();
  (void)p;
  printf("created %" PRId64 " destroyed %" PRId64 " (goodbye: %" PRId64
         " joints, %" PRId64 " fixtures)\n",
         sc.created, sc.destroyed, sc.goodbye.joints, sc.goodbye.fixtures);
  printf("contacts: %" PRId64 " begun, %" PRId64 " ended, %" PRId64
         " presolved, %" PRId64 " sensor; max impulse %.3f\n",
         sc.listener.begins, sc.listener.ends, sc.listener.presolves,
         sc.listener.sensorHits, sc.listener.maxImpulse);
  printf("probes: %" PRId64 " ray hits, %" PRId64 " fixtures found; draw "
         "calls %" PRId64 "; tree height %d, balance %d, quality %.4f\n",
         rayHits, found, draw.calls, sc.world.GetTreeHeight(),
         sc.world.GetTreeBalance(), sc.world.GetTreeQuality());
  printf("checksum %016" PRIx64 "\n", hash.h);
  return 0;
}
